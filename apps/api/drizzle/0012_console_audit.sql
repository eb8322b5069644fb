ALTER TYPE "public"."actor_kind" ADD VALUE 'staff' BEFORE 'system';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'staff.setup_completed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'staff.signed_in';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'staff.sign_in_failed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'trial.extended';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'company.suspended';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'company.reinstated';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'email.retried';--> statement-breakpoint
CREATE INDEX "audit_events_actor_kind_at_idx" ON "audit_events" USING btree ("actor_kind","at","seq");