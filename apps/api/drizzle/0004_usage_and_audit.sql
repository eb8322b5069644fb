CREATE TYPE "public"."audit_event_kind" AS ENUM('sign_in.succeeded', 'sign_in.failed', 'sign_out', 'refresh_token.reuse_detected', 'password.changed', 'password.reset', 'email.verified', 'profile.changed', 'credential.created', 'credential.rotated', 'credential.deleted', 'credential.status_changed', 'upgrade.requested', 'upgrade.approved', 'verifier_key.created', 'verifier_key.revoked');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"company_id" uuid,
	"kind" "audit_event_kind" NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"ip_address" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_usage_hourly" (
	"client_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"code" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "credential_usage_hourly_client_id_hour_scope_code_pk" PRIMARY KEY("client_id","hour","scope","code")
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_company_at_idx" ON "audit_events" USING btree ("company_id","at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_company_kind_at_idx" ON "audit_events" USING btree ("company_id","kind","at");--> statement-breakpoint
CREATE INDEX "credential_usage_hourly_hour_idx" ON "credential_usage_hourly" USING btree ("hour");