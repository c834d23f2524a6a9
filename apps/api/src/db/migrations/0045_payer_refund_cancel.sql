-- BE-05: a refund to a payer who is no borrower that cannot be sent (the account was wrong, the
-- transfer came back) is cancelled: the money goes back to the suspense line naming nobody, and a
-- new refund (a new draft, approved again) or an assignment can take it. Only such a refund can be
-- cancelled; one money has at most one refund that is not cancelled.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_state_known", ADD CONSTRAINT "refunds_state_known" CHECK ("state" IN ('to_execute', 'executed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cancelled_payer_only" CHECK ("state" <> 'cancelled' OR "reason" = 'payer_not_borrower');--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_whose";--> statement-breakpoint
DROP INDEX "refunds_webhook";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "approval_request_id" uuid;--> statement-breakpoint
-- refunds to payers recorded under 0044: the draft that made each (the one approved for its money)
UPDATE "refunds" SET "approval_request_id" = (
  SELECT "id" FROM "approval_requests"
  WHERE "kind" = 'payer_refund' AND "state" = 'approved' AND "payload"->>'webhookId' = "refunds"."webhook_id"::text
  ORDER BY "decided_at" DESC LIMIT 1
) WHERE "reason" = 'payer_not_borrower';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approval_request_id_approval_requests_id_fk" FOREIGN KEY ("approval_request_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_webhook" ON "refunds" USING btree ("webhook_id") WHERE state <> 'cancelled';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_whose" CHECK (case when "refunds"."reason" = 'payer_not_borrower'
        then "refunds"."webhook_id" is not null and "refunds"."approval_request_id" is not null and "refunds"."repayment_id" is null and "refunds"."order_id" is null and "refunds"."customer_id" is null
        else "refunds"."webhook_id" is null and "refunds"."approval_request_id" is null and "refunds"."repayment_id" is not null and "refunds"."order_id" is not null and "refunds"."customer_id" is not null end);