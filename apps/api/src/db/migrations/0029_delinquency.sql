CREATE TABLE "loan_delinquency" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"days_past_due" integer NOT NULL,
	"bucket" text NOT NULL,
	"classified_on" text NOT NULL,
	CONSTRAINT "loan_delinquency_days" CHECK ("loan_delinquency"."days_past_due" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_delinquency_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"from_date" text NOT NULL,
	"until_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_delinquency_history_order_of_dates" CHECK ("loan_delinquency_history"."until_date" is null or "loan_delinquency_history"."until_date" >= "loan_delinquency_history"."from_date")
);
--> statement-breakpoint
ALTER TABLE "loan_delinquency" ADD CONSTRAINT "loan_delinquency_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_delinquency_history" ADD CONSTRAINT "loan_delinquency_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_delinquency_bucket" ON "loan_delinquency" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "loan_delinquency_history_order" ON "loan_delinquency_history" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_delinquency_history_one_open" ON "loan_delinquency_history" USING btree ("order_id") WHERE "loan_delinquency_history"."until_date" is null;