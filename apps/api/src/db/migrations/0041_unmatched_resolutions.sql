-- BE-05: money that named no borrower (a payment link made in the provider's dashboard) can be
-- assigned by finance to the borrower who paid: it becomes their held money on one of their loans.
-- One resolution per webhook record, with who, when and why.
CREATE TABLE "unmatched_resolutions" (
	"webhook_id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"repayment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unmatched_resolutions_action_known" CHECK ("unmatched_resolutions"."action" in ('assigned'))
);
--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_webhook_id_provider_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."provider_webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;