CREATE TABLE "loan_write_offs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"written_off_on" text NOT NULL,
	"reason" text NOT NULL,
	"approval_request_id" uuid NOT NULL,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_write_offs_amount_positive" CHECK ("loan_write_offs"."amount" > 0),
	CONSTRAINT "loan_write_offs_four_eyes" CHECK ("loan_write_offs"."maker_id" <> "loan_write_offs"."checker_id")
);
--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_write_offs_order" ON "loan_write_offs" USING btree ("order_id");--> statement-breakpoint
-- BE-15: the write-off's accounts (credit loss, the allowance kept for collection, recovery income)
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_known", ADD CONSTRAINT "ledger_entries_account_known" CHECK ("account" IN ('cash_at_provider', 'principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable', 'fee_income', 'interest_income', 'penalty_income', 'tax_payable', 'dst_payable', 'dst_expense', 'coupon_expense', 'suspense', 'refunds_payable', 'credit_loss_expense', 'allowance_written_off', 'recovery_income'));--> statement-breakpoint
-- a written-off loan accrues nothing more (non-accrual): an open charge pause of its own
ALTER TABLE "loan_charge_pauses" DROP CONSTRAINT "loan_charge_pauses_reason_known", ADD CONSTRAINT "loan_charge_pauses_reason_known" CHECK ("reason" in ('dispute', 'hardship', 'write_off'));--> statement-breakpoint
-- maker-checker: a write-off is drafted by finance and approved by a different admin
ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_kind_known", ADD CONSTRAINT "approval_requests_kind_known" CHECK ("kind" IN ('waiver', 'product_change', 'write_off'));
