ALTER TYPE "public"."audit_event_kind" ADD VALUE 'staff.enabled' BEFORE 'staff.setup_completed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'staff.unlocked' BEFORE 'staff.setup_completed';--> statement-breakpoint
CREATE INDEX "api_clients_client_id_suffix_idx" ON "api_clients" USING btree (reverse("client_id") text_pattern_ops);