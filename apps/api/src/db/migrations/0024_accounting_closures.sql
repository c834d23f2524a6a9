CREATE TABLE "accounting_closures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"closed_through" text NOT NULL,
	"trial_balance" jsonb NOT NULL,
	"closed_by" uuid NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounting_closures_month_unique" UNIQUE("month"),
	CONSTRAINT "accounting_closures_closed_through_unique" UNIQUE("closed_through")
);
--> statement-breakpoint
ALTER TABLE "accounting_closures" ADD CONSTRAINT "accounting_closures_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- BE-15: nothing is posted into a closed period, whoever posts it (a use case, the day job's SQL, a
-- hand-written fix): the ledger date is the Manila date of posted_at
CREATE FUNCTION ledger_refuse_closed_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM accounting_closures c
    WHERE c.closed_through >= to_char((NEW.posted_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')
  ) THEN
    RAISE EXCEPTION 'PERIOD_CLOSED: % falls in a closed accounting period', NEW.posted_at;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_open_period BEFORE INSERT ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed_period();
--> statement-breakpoint
-- the closures themselves are append-only: a closed month is not reopened by editing a row
CREATE TRIGGER accounting_closures_append_only BEFORE UPDATE OR DELETE ON accounting_closures FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
