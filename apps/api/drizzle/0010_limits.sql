ALTER TYPE "public"."audit_event_kind" ADD VALUE 'plan.created';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'plan.updated';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'plan.set';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'credential.cap_set';--> statement-breakpoint
ALTER TYPE "public"."credential_event_kind" ADD VALUE 'limits_changed';--> statement-breakpoint
CREATE TABLE "company_allowance" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"day_granted" bigint DEFAULT 0 NOT NULL,
	"rate_second" bigint DEFAULT 0 NOT NULL,
	"rate_granted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_notices_sent" (
	"company_id" uuid NOT NULL,
	"day" text NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quota_notices_sent_company_id_day_threshold_pk" PRIMARY KEY("company_id","day","threshold")
);
--> statement-breakpoint
CREATE TABLE "token_allowance" (
	"lineage_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"day" text NOT NULL,
	"day_granted" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_allowance" ADD CONSTRAINT "company_allowance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_notices_sent" ADD CONSTRAINT "quota_notices_sent_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_allowance" ADD CONSTRAINT "token_allowance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;