CREATE SEQUENCE "public"."complaint_ticket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolve_by" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"response" text,
	"responded_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "complaints_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "complaints_status_known" CHECK ("status" in ('open', 'in_progress', 'resolved', 'escalated')),
	CONSTRAINT "complaints_category_known" CHECK ("category" in ('payment_not_reflected', 'charges_or_fees', 'collection_conduct', 'privacy', 'app_or_account', 'other')),
	CONSTRAINT "complaints_resolved_whole" CHECK (("status" = 'resolved') = ("resolved_at" is not null and "response" is not null))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_responded_by_operators_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_customer" ON "complaints" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_queue" ON "complaints" USING btree ("status","resolve_by");
