CREATE TABLE "aml_risk_ratings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"level" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"facts" jsonb NOT NULL,
	"enhanced_due_diligence" boolean NOT NULL,
	"trigger" text NOT NULL,
	"computed_by" uuid,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_str_cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_key" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"narrative" text NOT NULL,
	"transactions" jsonb NOT NULL,
	"determined_on" text NOT NULL,
	"deadline" text NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"filing_reference" text,
	"close_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "aml_str_cases_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
ALTER TABLE "aml_risk_ratings" ADD CONSTRAINT "aml_risk_ratings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_risk_ratings" ADD CONSTRAINT "aml_risk_ratings_computed_by_operators_id_fk" FOREIGN KEY ("computed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_str_cases" ADD CONSTRAINT "aml_str_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_str_cases" ADD CONSTRAINT "aml_str_cases_opened_by_operators_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_str_cases" ADD CONSTRAINT "aml_str_cases_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aml_risk_ratings_customer" ON "aml_risk_ratings" USING btree ("customer_id","computed_at");--> statement-breakpoint
CREATE INDEX "aml_str_cases_customer" ON "aml_str_cases" USING btree ("customer_id","opened_at");--> statement-breakpoint
CREATE INDEX "aml_str_cases_status" ON "aml_str_cases" USING btree ("status","deadline");--> statement-breakpoint
ALTER TABLE "aml_risk_ratings" ADD CONSTRAINT "aml_risk_ratings_level_known" CHECK ("level" in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "aml_risk_ratings" ADD CONSTRAINT "aml_risk_ratings_edd_is_high" CHECK ("enhanced_due_diligence" = ("level" = 'high'));--> statement-breakpoint
ALTER TABLE "aml_str_cases" ADD CONSTRAINT "aml_str_cases_status_known" CHECK ("status" in ('open', 'reported', 'closed_no_report'));--> statement-breakpoint
-- a decided case says who, when, and the filing reference (reported) or why not (closed)
ALTER TABLE "aml_str_cases" ADD CONSTRAINT "aml_str_cases_decided_whole" CHECK (
  ("status" = 'open' AND "decided_by" IS NULL AND "decided_at" IS NULL AND "filing_reference" IS NULL)
  OR ("status" = 'reported' AND "decided_by" IS NOT NULL AND "decided_at" IS NOT NULL AND "filing_reference" IS NOT NULL)
  OR ("status" = 'closed_no_report' AND "decided_by" IS NOT NULL AND "decided_at" IS NOT NULL AND "close_note" IS NOT NULL)
);
