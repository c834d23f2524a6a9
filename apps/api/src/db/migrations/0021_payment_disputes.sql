CREATE TABLE "loan_charge_pauses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"dispute_id" uuid,
	"from_date" text NOT NULL,
	"until_date" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "loan_charge_pauses_reason_known" CHECK ("loan_charge_pauses"."reason" in ('dispute', 'hardship')),
	CONSTRAINT "loan_charge_pauses_order" CHECK ("loan_charge_pauses"."until_date" is null or "loan_charge_pauses"."until_date" >= "loan_charge_pauses"."from_date")
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_code" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" text NOT NULL,
	"receipt_photo_id" uuid NOT NULL,
	"status" text NOT NULL,
	"rejection_reason" text,
	"repayment_id" uuid,
	"note" text,
	"resolved_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_status_known" CHECK ("payment_disputes"."status" in ('open', 'matched', 'rejected')),
	CONSTRAINT "payment_disputes_resolved_whole" CHECK (("payment_disputes"."status" = 'open' and "payment_disputes"."resolved_at" is null and "payment_disputes"."resolved_by" is null)
        or ("payment_disputes"."status" = 'matched' and "payment_disputes"."repayment_id" is not null and "payment_disputes"."resolved_at" is not null and "payment_disputes"."resolved_by" is not null)
        or ("payment_disputes"."status" = 'rejected' and "payment_disputes"."rejection_reason" is not null and "payment_disputes"."resolved_at" is not null and "payment_disputes"."resolved_by" is not null)),
	CONSTRAINT "payment_disputes_amount_positive" CHECK ("payment_disputes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_charge_pauses" ADD CONSTRAINT "loan_charge_pauses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_charge_pauses" ADD CONSTRAINT "loan_charge_pauses_dispute_id_payment_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."payment_disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_receipt_photo_id_photos_id_fk" FOREIGN KEY ("receipt_photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_charge_pauses_order" ON "loan_charge_pauses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_charge_pauses_one_open" ON "loan_charge_pauses" USING btree ("order_id") WHERE "loan_charge_pauses"."until_date" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_one_open" ON "payment_disputes" USING btree ("order_id") WHERE "payment_disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_disputes_status" ON "payment_disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_disputes_customer" ON "payment_disputes" USING btree ("customer_id","created_at");--> statement-breakpoint
-- BE-10: the borrower is told how a payment they reported was resolved
ALTER TABLE "messages" DROP CONSTRAINT "messages_event_known", ADD CONSTRAINT "messages_event_known" CHECK ("event" IN ('application_approved', 'application_rejected', 'identity_retake', 'loan_disbursed', 'payout_failed', 'due_soon', 'due_today', 'overdue', 'loan_repaid', 'loan_extended', 'coupon_granted', 'coupon_expiring', 'easy_reloan_booked', 'easy_reloan_missed', 'loan_cancelled', 'operator_notice', 'payment_dispute_matched', 'payment_dispute_rejected'));
