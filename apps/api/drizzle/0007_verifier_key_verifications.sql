CREATE TABLE "verifier_key_verifications" (
	"verifier_key_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "verifier_key_verifications_verifier_key_id_client_id_hour_pk" PRIMARY KEY("verifier_key_id","client_id","hour")
);
--> statement-breakpoint
ALTER TABLE "verifier_key_verifications" ADD CONSTRAINT "verifier_key_verifications_verifier_key_id_verifier_keys_id_fk" FOREIGN KEY ("verifier_key_id") REFERENCES "public"."verifier_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifier_key_verifications_hour_idx" ON "verifier_key_verifications" USING btree ("hour");