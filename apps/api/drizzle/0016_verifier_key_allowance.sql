CREATE TABLE "verifier_key_allowance" (
	"verifier_key_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" text NOT NULL,
	"day_leased" bigint DEFAULT 0 NOT NULL,
	"day_reported" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "verifier_key_allowance_verifier_key_id_company_id_day_pk" PRIMARY KEY("verifier_key_id","company_id","day")
);
--> statement-breakpoint
ALTER TABLE "verifier_key_allowance" ADD CONSTRAINT "verifier_key_allowance_verifier_key_id_verifier_keys_id_fk" FOREIGN KEY ("verifier_key_id") REFERENCES "public"."verifier_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifier_key_allowance" ADD CONSTRAINT "verifier_key_allowance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifier_key_allowance_day_idx" ON "verifier_key_allowance" USING btree ("day");