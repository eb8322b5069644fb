CREATE TYPE "public"."actor_kind" AS ENUM('user', 'operator', 'system');--> statement-breakpoint
CREATE TYPE "public"."credential_event_effect" AS ENUM('none', 'changed', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."credential_event_kind" AS ENUM('created', 'rotated', 'deleted', 'status_set', 'expired', 'company_suspended', 'company_reinstated', 'activated', 'upgraded', 'expiry_moved');--> statement-breakpoint
CREATE TABLE "credential_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credential_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" "credential_event_kind" NOT NULL,
	"effect" "credential_event_effect" NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifier_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_start" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "verifier_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE INDEX "credential_events_client_id_idx" ON "credential_events" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "credential_events_company_id_idx" ON "credential_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "api_clients_expiring_idx" ON "api_clients" USING btree ("expired_at") WHERE "api_clients"."status" in ('active', 'pending', 'review');