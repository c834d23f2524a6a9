CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"html" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"product_version" integer NOT NULL,
	"principal" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"interest" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"coupon" bigint NOT NULL,
	"credit_reporting_fee" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"net_proceeds" bigint NOT NULL,
	"total_repayment" bigint NOT NULL,
	"daily_interest_ppm" integer NOT NULL,
	"payout_destination" jsonb NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"disbursed_at" timestamp with time zone,
	"due_date" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_callbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_payout_id" text NOT NULL,
	"state" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"body" jsonb
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"amount" bigint NOT NULL,
	"destination" jsonb NOT NULL,
	"provider_payout_id" text,
	"failure_code" text,
	"claim_code" text,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_kind" ON "order_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_outstanding" ON "orders" USING btree ("customer_id") WHERE status not in ('settled', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_callbacks_once" ON "payout_callbacks" USING btree ("provider","provider_payout_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_attempt" ON "payouts" USING btree ("order_id","attempt");