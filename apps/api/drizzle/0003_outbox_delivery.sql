CREATE TYPE "public"."outbox_email_status" AS ENUM('mailbox', 'pending', 'sent', 'failed');--> statement-breakpoint
-- Until now only the outbox mode (no SMTP_URL) wrote rows: the existing ones are development-mailbox mail.
-- The default fills them, then goes, so every new row states where it is.
ALTER TABLE "outbox_emails" ADD COLUMN "status" "outbox_email_status" DEFAULT 'mailbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "give_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_emails_status_idx" ON "outbox_emails" USING btree ("status","created_at");