CREATE TYPE "public"."api_type" AS ENUM('rest', 'graphql');--> statement-breakpoint
CREATE TYPE "public"."token_status" AS ENUM('active', 'pending', 'review', 'expired', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."upgrade_request_status" AS ENUM('open', 'approved');--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"label" text NOT NULL,
	"api_type" "api_type" NOT NULL,
	"scope" jsonb NOT NULL,
	"status" "token_status" NOT NULL,
	"in_review" boolean DEFAULT false NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_start" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	CONSTRAINT "api_clients_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "api_clients_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "upgrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" "upgrade_request_status" DEFAULT 'open' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_requests" ADD CONSTRAINT "upgrade_requests_requested_by_identities_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_clients_company_id_idx" ON "api_clients" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_requests_one_open_per_company" ON "upgrade_requests" USING btree ("company_id") WHERE "upgrade_requests"."status" = 'open';