-- BE-05: a refund says why the money goes back. Refunds already there are held money finance
-- refunded (the only kind until now); a loan undone because its transfer came back refunds every
-- payment the borrower made on it (modules/console/payout-queue.ts, unwindReversedPayout).
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT 'held_money' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" in ('held_money', 'payout_returned'));