CREATE TABLE "aml_screenings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"hits" jsonb NOT NULL,
	"screened_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "sanctions_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"names" jsonb NOT NULL,
	"birth_dates" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"generated_at" text,
	"imported_at" timestamp with time zone NOT NULL,
	"people" integer NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aml_screenings_customer" ON "aml_screenings" USING btree ("customer_id","screened_at");--> statement-breakpoint
CREATE INDEX "aml_screenings_open" ON "aml_screenings" USING btree ("screened_at") WHERE "aml_screenings"."outcome" = 'possible_match' and "aml_screenings"."resolution" is null;--> statement-breakpoint
CREATE INDEX "sanctions_entries_list" ON "sanctions_entries" USING btree ("list_id");--> statement-breakpoint
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_outcome_known" CHECK ("outcome" in ('clear', 'possible_match'));--> statement-breakpoint
-- a resolution says which, who, when and why; only a possible match is resolved
ALTER TABLE "aml_screenings" ADD CONSTRAINT "aml_screenings_resolved_whole" CHECK (
  ("resolution" IS NULL AND "resolved_by" IS NULL AND "resolved_at" IS NULL)
  OR ("outcome" = 'possible_match' AND "resolution" in ('cleared', 'confirmed') AND "resolved_by" IS NOT NULL AND "resolved_at" IS NOT NULL AND "note" IS NOT NULL)
);
