CREATE TABLE "easy_reloan_bookings" (
	"settled_order_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "easy_reloan_booking_outcome" CHECK ("easy_reloan_bookings"."outcome" in ('booked', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "easy_reloan_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"event" text NOT NULL,
	"order_id" uuid,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "easy_reloan_rewards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rung" integer NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" uuid,
	"coupon_id" uuid,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "easy_reloan_reward_kind" CHECK ("easy_reloan_rewards"."kind" in ('activation', 'reward'))
);
--> statement-breakpoint
CREATE TABLE "easy_reloan_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"agreed_version" text,
	"agreed_at" timestamp with time zone,
	"locale" text,
	"activation_voucher" text NOT NULL,
	"auto_disbursements" integer NOT NULL,
	"streak" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "easy_reloan_activation_voucher" CHECK ("easy_reloan_settings"."activation_voucher" in ('none', 'usable', 'used', 'forfeited')),
	CONSTRAINT "easy_reloan_counts" CHECK ("easy_reloan_settings"."auto_disbursements" >= 0 and "easy_reloan_settings"."streak" >= 0)
);
--> statement-breakpoint
ALTER TABLE "easy_reloan_bookings" ADD CONSTRAINT "easy_reloan_bookings_settled_order_id_orders_id_fk" FOREIGN KEY ("settled_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_bookings" ADD CONSTRAINT "easy_reloan_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_bookings" ADD CONSTRAINT "easy_reloan_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_events" ADD CONSTRAINT "easy_reloan_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_events" ADD CONSTRAINT "easy_reloan_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_rewards" ADD CONSTRAINT "easy_reloan_rewards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_rewards" ADD CONSTRAINT "easy_reloan_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloan_settings" ADD CONSTRAINT "easy_reloan_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "easy_reloan_booking_order" ON "easy_reloan_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "easy_reloan_events_customer" ON "easy_reloan_events" USING btree ("customer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "easy_reloan_activation_once" ON "easy_reloan_rewards" USING btree ("customer_id") WHERE "easy_reloan_rewards"."kind" = 'activation';--> statement-breakpoint
CREATE UNIQUE INDEX "easy_reloan_reward_per_order" ON "easy_reloan_rewards" USING btree ("order_id");