-- BE-05: money naming no borrower can go back to whoever paid it. Finance drafts the refund with
-- the account the payer gave (an approval request of kind `payer_refund`, one pending per money);
-- a different admin approves it, which records a refund naming the money's webhook record instead
-- of a repayment, loan and borrower (`payer_not_borrower`), refunded once.
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known", ADD CONSTRAINT "approval_requests_kind_known" CHECK ("kind" IN ('waiver', 'product_change', 'write_off', 'hardship', 'payer_refund'));--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_known";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "repayment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "webhook_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_webhook_id_provider_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."provider_webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_payer_refund_pending" ON "approval_requests" USING btree (("payload"->>'webhookId')) WHERE kind = 'payer_refund' and state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_webhook" ON "refunds" USING btree ("webhook_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_whose" CHECK (case when "refunds"."reason" = 'payer_not_borrower'
        then "refunds"."webhook_id" is not null and "refunds"."repayment_id" is null and "refunds"."order_id" is null and "refunds"."customer_id" is null
        else "refunds"."webhook_id" is null and "refunds"."repayment_id" is not null and "refunds"."order_id" is not null and "refunds"."customer_id" is not null end);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" in ('held_money', 'payout_returned', 'payer_not_borrower'));