CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"params" jsonb NOT NULL,
	"order_id" uuid,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_customer" ON "messages" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread" ON "messages" USING btree ("customer_id","kind") WHERE "messages"."read_at" is null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_known" CHECK ("kind" IN ('activity', 'notify'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_known" CHECK ("event" IN ('application_approved', 'application_rejected', 'identity_retake', 'loan_disbursed', 'payout_failed', 'due_soon', 'due_today', 'overdue', 'loan_repaid', 'loan_extended', 'coupon_granted', 'coupon_expiring', 'easy_reloan_booked', 'easy_reloan_missed'));
