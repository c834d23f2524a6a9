CREATE TABLE "extension_disclosures" (
	"repayment_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"html" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "extension_disclosures_locale_known" CHECK ("extension_disclosures"."locale" in ('en-US', 'fil', 'zh-CN'))
);
--> statement-breakpoint
ALTER TABLE "extension_disclosures" ADD CONSTRAINT "extension_disclosures_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_disclosures" ADD CONSTRAINT "extension_disclosures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extension_disclosures_order" ON "extension_disclosures" USING btree ("order_id","created_at");--> statement-breakpoint
-- RA 3765: the copy the borrower acknowledged is kept as it was shown, like the loan history: no UPDATE or DELETE.
CREATE TRIGGER extension_disclosures_append_only BEFORE UPDATE OR DELETE ON extension_disclosures FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
