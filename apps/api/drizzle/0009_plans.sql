CREATE TABLE "plans" (
	"name" text PRIMARY KEY NOT NULL,
	"daily_quota" bigint,
	"rate_per_second" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The built-in plans (design §10). The trial's limits are brought in line with TRIAL_DAILY_QUOTA and
-- TRIAL_RATE_PER_SECOND when the portal starts; the standard plan is the provider team's to edit.
INSERT INTO "plans" ("name", "daily_quota", "rate_per_second") VALUES ('trial', 10000, 10), ('standard', NULL, 50);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "daily_cap" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "plan_name" text DEFAULT 'trial' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_name_plans_name_fk" FOREIGN KEY ("plan_name") REFERENCES "public"."plans"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
-- Companies already paid were upgraded before plans existed: they are on the standard plan.
UPDATE "companies" SET "plan_name" = 'standard' WHERE "account_status" = 'paid';
