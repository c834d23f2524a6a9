CREATE TABLE "loan_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"for_date" text NOT NULL,
	"body" text NOT NULL,
	"provider_message_id" text,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"late_charge" bigint NOT NULL,
	"penalty" bigint NOT NULL,
	"cash" bigint NOT NULL,
	"business_date" text NOT NULL,
	"due_date" text,
	"days" integer,
	"idempotency_key" text NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"detail" jsonb,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"result" text NOT NULL,
	"body" jsonb,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"provider_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"held_reason" text,
	"amount_received" bigint,
	"provider_collection_id" text,
	"checkout_url" text,
	"bank_name" text,
	"bank_account_number" text,
	"payment_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"channel_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_charge" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "penalty_daily_ppm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_fee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_reminders_once" ON "loan_reminders" USING btree ("order_id","kind","for_date");--> statement-breakpoint
CREATE INDEX "loan_transactions_order" ON "loan_transactions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_webhooks_once" ON "provider_webhooks" USING btree ("kind","provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "repayments_customer" ON "repayments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "repayments_order" ON "repayments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_provider_collection" ON "repayments" USING btree ("provider","provider_collection_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order" ON "ledger_entries" USING btree ("order_id","account");--> statement-breakpoint
CREATE INDEX "orders_servicing_due" ON "orders" USING btree ("due_date") WHERE status in ('repaying', 'extended', 'overdue');--> statement-breakpoint
-- Closed sets (issue 7): the chart of accounts, loan transaction types, order and repayment states.
-- The lists mirror packages/domain (LEDGER_ACCOUNTS, LOAN_TRANSACTION_TYPES, ORDER_STATUSES,
-- REPAYMENT_STATES); a test compares them, so a new value needs a migration and a domain change.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_known" CHECK ("account" IN ('cash_at_provider', 'principal_receivable', 'interest_receivable', 'fee_receivable', 'penalty_receivable', 'fee_income', 'interest_income', 'penalty_income', 'tax_payable', 'coupon_expense', 'suspense'));
--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_type_known" CHECK ("type" IN ('disbursement', 'repayment', 'extension_fee', 'late_charge', 'penalty_accrual', 'waiver', 'reversal', 'coupon'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("status" IN ('disbursing', 'payout_failed', 'repaying', 'extended', 'overdue', 'settled', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_state_known" CHECK ("state" IN ('pending', 'paid', 'expired', 'failed', 'held'));
--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_amount_positive" CHECK ("amount" > 0);
--> statement-breakpoint
-- A loan's history and its event log are append-only, like the ledger.
CREATE TRIGGER loan_transactions_append_only BEFORE UPDATE OR DELETE ON loan_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER order_events_append_only BEFORE UPDATE OR DELETE ON order_events FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
