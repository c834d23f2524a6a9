ALTER TABLE "orders" ADD COLUMN "documentary_stamp_tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lender_documentary_stamp_tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Documentary stamp tax (CO-03): owed to the BIR on every loan (dst_payable); the lender's expense
-- when it bears the tax (dst_expense). The list mirrors packages/domain LEDGER_ACCOUNTS.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_known", ADD CONSTRAINT "ledger_entries_account_known" CHECK ("account" IN ('cash_at_provider', 'principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable', 'fee_income', 'interest_income', 'penalty_income', 'tax_payable', 'dst_payable', 'dst_expense', 'coupon_expense', 'suspense'));
