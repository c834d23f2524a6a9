CREATE TABLE "collection_contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"channel" text NOT NULL,
	"contact_point" text,
	"contacted_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_by_email" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operational_switches" (
	"key" text PRIMARY KEY NOT NULL,
	"on" boolean NOT NULL,
	"reason" text NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_by_email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"submission" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"rules_version" integer NOT NULL,
	"max_limit" bigint NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"action" text,
	"credit_limit" bigint,
	"retry_at" timestamp with time zone,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_recorded_by_operators_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operational_switches" ADD CONSTRAINT "operational_switches_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_contacts_customer" ON "collection_contacts" USING btree ("customer_id","contacted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_cases_submission" ON "review_cases" USING btree ("application_id","submission");--> statement-breakpoint
CREATE INDEX "review_cases_queue" ON "review_cases" USING btree ("status","opened_at");--> statement-breakpoint
-- Hand-written (issue 11): the states and choices the code knows, so no other value can be stored.
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_status" CHECK ("status" IN ('open', 'decided', 'superseded'));--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_decided" CHECK (
  ("status" = 'decided') = ("action" IS NOT NULL AND "decided_by" IS NOT NULL AND "decided_at" IS NOT NULL AND "note" IS NOT NULL)
  AND ("action" IS NULL OR "action" IN ('approve', 'reupload_id', 'reject'))
  AND (("action" = 'approve') = ("credit_limit" IS NOT NULL))
  AND ("credit_limit" IS NULL OR ("credit_limit" > 0 AND "credit_limit" <= "max_limit"))
  AND (("action" = 'reject') = ("retry_at" IS NOT NULL))
);--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_channel" CHECK ("channel" IN ('call', 'sms', 'email', 'visit'));--> statement-breakpoint
-- SEC MC 18 s.2019: contact only between 06:00 and 22:00 Manila time (the server checks it too).
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_hours" CHECK (
  ("contacted_at" AT TIME ZONE 'Asia/Manila')::time >= time '06:00'
  AND ("contacted_at" AT TIME ZONE 'Asia/Manila')::time < time '22:00'
);--> statement-breakpoint
-- The collections log is evidence of fair collection: append-only, like the audit trail.
CREATE TRIGGER collection_contacts_append_only BEFORE UPDATE OR DELETE ON collection_contacts FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER collection_contacts_no_truncate BEFORE TRUNCATE ON collection_contacts FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- A possible duplicate identity (BE-04 review rule): the same payout account on another customer.
CREATE INDEX "application_steps_payout_account" ON "application_steps" (("data" ->> 'account'), ("data" ->> 'providerCode')) WHERE "step" = 'bankInfo';
