CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"order_id" uuid,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"repayment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"destination" jsonb NOT NULL,
	"state" text NOT NULL,
	"transfer_reference" text,
	"decided_by" uuid NOT NULL,
	"executed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suspense_resolutions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"repayment_id" uuid NOT NULL,
	"action" text NOT NULL,
	"purpose" text,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_executed_by_operators_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_resolutions" ADD CONSTRAINT "suspense_resolutions_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_resolutions" ADD CONSTRAINT "suspense_resolutions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_pending" ON "approval_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_repayment" ON "refunds" USING btree ("repayment_id");--> statement-breakpoint
CREATE INDEX "refunds_state" ON "refunds" USING btree ("state","created_at") WHERE state = 'to_execute';--> statement-breakpoint
CREATE UNIQUE INDEX "suspense_resolutions_once" ON "suspense_resolutions" USING btree ("repayment_id");--> statement-breakpoint
-- Maker-checker (issue 11): the checker is never the maker, and a decided request names its checker.
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_not_maker" CHECK ("checker_id" IS NULL OR "checker_id" <> "maker_id");--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_state_known" CHECK ("state" IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_checker" CHECK (("state" = 'pending') = ("checker_id" IS NULL AND "decided_at" IS NULL));--> statement-breakpoint
ALTER TABLE "suspense_resolutions" ADD CONSTRAINT "suspense_resolutions_action_known" CHECK ("action" IN ('applied', 'refunded', 'cancellation'));--> statement-breakpoint
ALTER TABLE "suspense_resolutions" ADD CONSTRAINT "suspense_resolutions_amount_positive" CHECK ("amount" > 0);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_state_known" CHECK ("state" IN ('to_execute', 'executed'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("amount" > 0);--> statement-breakpoint
-- A refunded repayment keeps its record for the borrower (ST-02) in a state of its own.
ALTER TABLE "repayments" DROP CONSTRAINT "repayments_state_known", ADD CONSTRAINT "repayments_state_known" CHECK ("state" IN ('pending', 'paid', 'expired', 'failed', 'held', 'refunded'));--> statement-breakpoint
-- Refunds decided and not yet paid out are a liability of their own (suspense → refunds_payable → cash).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_known", ADD CONSTRAINT "ledger_entries_account_known" CHECK ("account" IN ('cash_at_provider', 'principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable', 'fee_income', 'interest_income', 'penalty_income', 'tax_payable', 'dst_payable', 'dst_expense', 'coupon_expense', 'suspense', 'refunds_payable'));
--> statement-breakpoint
-- The borrower is told of a cancellation by the console (EN-08, CO-05).
ALTER TABLE "messages" DROP CONSTRAINT "messages_event_known", ADD CONSTRAINT "messages_event_known" CHECK ("event" IN ('application_approved', 'application_rejected', 'identity_retake', 'loan_disbursed', 'payout_failed', 'due_soon', 'due_today', 'overdue', 'loan_repaid', 'loan_extended', 'coupon_granted', 'coupon_expiring', 'easy_reloan_booked', 'easy_reloan_missed', 'loan_cancelled'));
