ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handling_note" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_operators_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_open" ON "feedback" USING btree ("created_at") WHERE "feedback"."handled_at" is null;--> statement-breakpoint
-- handled once, wholly: the time, the operator and the note come together
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_whole" CHECK (
  ("handled_at" IS NULL AND "handled_by" IS NULL AND "handling_note" IS NULL)
  OR ("handled_at" IS NOT NULL AND "handled_by" IS NOT NULL AND "handling_note" IS NOT NULL)
);
--> statement-breakpoint
-- Issue 11 (BE-08): operators write notices to borrowers from the console, in all three languages
-- (MESSAGE_EVENTS in packages/domain/src/engagement/messages.ts gains 'operator_notice').
ALTER TABLE "messages" DROP CONSTRAINT "messages_event_known", ADD CONSTRAINT "messages_event_known" CHECK ("event" IN ('application_approved', 'application_rejected', 'identity_retake', 'loan_disbursed', 'payout_failed', 'due_soon', 'due_today', 'overdue', 'loan_repaid', 'loan_extended', 'coupon_granted', 'coupon_expiring', 'easy_reloan_booked', 'easy_reloan_missed', 'loan_cancelled', 'operator_notice'));
--> statement-breakpoint
-- an operator's notice carries its own texts: every language of the app, each with a title
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_notice_texts" CHECK (
  "event" <> 'operator_notice' OR (
    jsonb_typeof("params"->'text'->'en-US'->'title') = 'string'
    AND jsonb_typeof("params"->'text'->'fil'->'title') = 'string'
    AND jsonb_typeof("params"->'text'->'zh-CN'->'title') = 'string'
  )
);
