CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"plan" jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"note" text,
	"erased" jsonb
);
--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_completed_by_operators_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_one_open" ON "data_requests" USING btree ("customer_id") WHERE "data_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "data_requests_status" ON "data_requests" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_status_known" CHECK ("status" in ('open', 'completed'));--> statement-breakpoint
-- a completed request says who completed it, when, and what was erased; an open one none of it
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_completed_whole" CHECK (
  ("status" = 'open' AND "completed_at" IS NULL AND "completed_by" IS NULL AND "erased" IS NULL)
  OR ("status" = 'completed' AND "completed_at" IS NOT NULL AND "completed_by" IS NOT NULL AND "note" IS NOT NULL AND "erased" IS NOT NULL)
);
