CREATE TYPE "public"."assignable_role" AS ENUM('admin', 'member');--> statement-breakpoint
CREATE TYPE "public"."company_role" AS ENUM('owner', 'admin', 'member');--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'credential.grace_ended';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'member.invited';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'invitation.resent';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'invitation.revoked';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'member.joined';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'member.role_changed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'member.removed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'ownership.transferred';--> statement-breakpoint
ALTER TYPE "public"."credential_event_kind" ADD VALUE 'retiring';--> statement-breakpoint
ALTER TYPE "public"."credential_event_kind" ADD VALUE 'retired';--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "assignable_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "trial_reminders_sent" (
	"company_id" uuid NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trial_reminders_sent_company_id_trial_ends_at_days_before_pk" PRIMARY KEY("company_id","trial_ends_at","days_before")
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "retires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "replaced_by" text;--> statement-breakpoint
-- Every existing profile registered its own company, so each is its company's owner; new rows name their role.
ALTER TABLE "profiles" ADD COLUMN "role" "company_role" DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trial_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_identities_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_identities_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_reminders_sent" ADD CONSTRAINT "trial_reminders_sent_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_pending_per_email" ON "invitations" USING btree ("company_id",lower("email")) WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "api_clients_retiring_idx" ON "api_clients" USING btree ("retires_at") WHERE "api_clients"."retires_at" is not null;--> statement-breakpoint
CREATE INDEX "api_clients_replaced_by_idx" ON "api_clients" USING btree ("replaced_by") WHERE "api_clients"."replaced_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_one_owner_per_company" ON "profiles" USING btree ("company_id") WHERE "profiles"."role" = 'owner';