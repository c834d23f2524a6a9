CREATE TABLE "credit_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"as_of" text NOT NULL,
	"format" text NOT NULL,
	"records" integer NOT NULL,
	"sha256" text NOT NULL,
	"content_sealed" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"submission_reference" text
);
--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_submitted_by_operators_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_reports_month" ON "credit_reports" USING btree ("month","created_at");--> statement-breakpoint
-- a file is sent once: who, when and under which reference, all three or none
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_submitted_whole" CHECK (
  ("submitted_at" IS NULL AND "submitted_by" IS NULL AND "submission_reference" IS NULL)
  OR ("submitted_at" IS NOT NULL AND "submitted_by" IS NOT NULL AND "submission_reference" IS NOT NULL)
);
