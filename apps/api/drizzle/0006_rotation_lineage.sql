CREATE TABLE "replaced_client_ids" (
	"client_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"lineage_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "requests_before_rotation" bigint;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "lineage_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "replaced_client_ids" ADD CONSTRAINT "replaced_client_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replaced_client_ids_lineage_id_idx" ON "replaced_client_ids" USING btree ("lineage_id");--> statement-breakpoint
CREATE INDEX "api_clients_lineage_id_idx" ON "api_clients" USING btree ("lineage_id");--> statement-breakpoint
-- Tokens rotated before this version keep their history (design §9): each listed token's earlier client
-- IDs, walked back through the rotations' `created` events (detail.rotatedFrom), join its lineage.
WITH RECURSIVE "ancestors" ("token_client_id", "client_id", "replaced_at") AS (
  SELECT "a"."client_id", "e"."detail"->>'rotatedFrom', "e"."at"
  FROM "api_clients" AS "a"
  JOIN "credential_events" AS "e" ON "e"."client_id" = "a"."client_id" AND "e"."kind" = 'created'
  WHERE "a"."retires_at" IS NULL AND "e"."detail"->>'rotatedFrom' IS NOT NULL
  UNION
  SELECT "an"."token_client_id", "e"."detail"->>'rotatedFrom', "e"."at"
  FROM "ancestors" AS "an"
  JOIN "credential_events" AS "e" ON "e"."client_id" = "an"."client_id" AND "e"."kind" = 'created'
  WHERE "e"."detail"->>'rotatedFrom' IS NOT NULL
)
INSERT INTO "replaced_client_ids" ("client_id", "company_id", "lineage_id", "replaced_at")
SELECT "an"."client_id", "a"."company_id", "a"."lineage_id", "an"."replaced_at"
FROM "ancestors" AS "an" JOIN "api_clients" AS "a" ON "a"."client_id" = "an"."token_client_id"
ON CONFLICT ("client_id") DO NOTHING;--> statement-breakpoint
UPDATE "api_clients" AS "r" SET "lineage_id" = "n"."lineage_id"
FROM "api_clients" AS "n"
WHERE "r"."replaced_by" = "n"."client_id" AND "r"."retires_at" IS NOT NULL;
