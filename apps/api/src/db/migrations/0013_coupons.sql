CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"source_key" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"amount" bigint NOT NULL,
	"minimum_amount" bigint DEFAULT 0 NOT NULL,
	"full_repayment_only" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"reserved_by" uuid,
	"used_at" timestamp with time zone,
	"used_on_order_id" uuid,
	"used_on_repayment_id" uuid,
	"deducted" bigint,
	"invalid_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_type" CHECK ("coupons"."type" in ('platform', 'withdrawal', 'repayment')),
	CONSTRAINT "coupon_state" CHECK ("coupons"."state" in ('usable', 'used', 'expired', 'invalid')),
	CONSTRAINT "coupon_rule" CHECK ("coupons"."rule" in ('installation', 'easy_reloan_activation', 'easy_reloan_reward', 'easy_reloan_discount', 'operator')),
	CONSTRAINT "coupon_amount_positive" CHECK ("coupons"."amount" > 0 and "coupons"."minimum_amount" >= 0),
	CONSTRAINT "coupon_used_has_time" CHECK (("coupons"."state" = 'used') = ("coupons"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "home_screen_launches" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"via" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "coupon_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_used_on_order_id_orders_id_fk" FOREIGN KEY ("used_on_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_screen_launches" ADD CONSTRAINT "home_screen_launches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_grant_once" ON "coupons" USING btree ("customer_id","rule","source_key");--> statement-breakpoint
CREATE INDEX "coupons_customer_state" ON "coupons" USING btree ("customer_id","state","valid_until");--> statement-breakpoint
CREATE INDEX "coupons_usable_until" ON "coupons" USING btree ("valid_until") WHERE "coupons"."state" = 'usable';