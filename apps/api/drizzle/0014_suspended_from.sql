ALTER TABLE "companies" ADD COLUMN "suspended_from" "company_account_status";--> statement-breakpoint
-- Companies suspended before this version: the status their suspension's credential events recorded
-- (detail.from), else paid when an upgrade was approved or the plan is not the trial's, else trial.
UPDATE "companies" AS c SET "suspended_from" = coalesce(
  (SELECT (e."detail"->>'from')::"company_account_status" FROM "credential_events" AS e
    WHERE e."company_id" = c."id" AND e."kind" = 'company_suspended' AND e."detail"->>'from' IN ('trial', 'paid')
    ORDER BY e."seq" DESC LIMIT 1),
  CASE WHEN c."plan_name" <> 'trial'
    OR EXISTS (SELECT 1 FROM "upgrade_requests" AS u WHERE u."company_id" = c."id" AND u."status" = 'approved')
    THEN 'paid'::"company_account_status" ELSE 'trial'::"company_account_status" END
) WHERE c."account_status" = 'suspended';
