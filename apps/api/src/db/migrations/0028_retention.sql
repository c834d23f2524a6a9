CREATE TABLE "retention_records" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"status" text NOT NULL,
	"last_activity_at" timestamp with time zone,
	"keep_until" text,
	"computed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"pending_storage_keys" jsonb,
	"erased" jsonb,
	CONSTRAINT "retention_records_status_known" CHECK ("status" in ('kept', 'erasing', 'erased')),
	CONSTRAINT "retention_records_basis_known" CHECK ("basis" in ('inactive_applicant', 'aml_5_years')),
	CONSTRAINT "retention_records_erased_whole" CHECK (("status" = 'erased') = ("erased_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "retention_records" ADD CONSTRAINT "retention_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_records_status" ON "retention_records" USING btree ("status","erased_at");--> statement-breakpoint
ALTER TABLE "credit_reports" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_reports_scheduled_once" ON "credit_reports" USING btree ("month") WHERE "credit_reports"."created_by" is null;
