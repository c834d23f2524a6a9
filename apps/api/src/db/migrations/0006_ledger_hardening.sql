ALTER TABLE "ledger_transactions" ADD COLUMN "created_txid" bigint DEFAULT txid_current() NOT NULL;--> statement-breakpoint
-- Issue 7 (review): the books also refuse TRUNCATE (row triggers never see it), a transaction
-- with no entries, and entries appended to a transaction an earlier database transaction posted.
-- Saved product versions are immutable: every order keeps the version it was priced with.
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER loan_transactions_no_truncate BEFORE TRUNCATE ON loan_transactions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER order_events_no_truncate BEFORE TRUNCATE ON order_events FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE FUNCTION ledger_entry_same_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted_by bigint;
BEGIN
  SELECT created_txid INTO posted_by FROM ledger_transactions WHERE id = NEW.transaction_id;
  IF posted_by IS NULL OR posted_by <> txid_current() THEN
    RAISE EXCEPTION 'ledger transaction % was posted earlier: entries cannot be added to it', NEW.transaction_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_same_transaction BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entry_same_transaction();
--> statement-breakpoint
CREATE FUNCTION ledger_check_not_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE transaction_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger transaction % has no entries', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_not_empty AFTER INSERT ON ledger_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_not_empty();
--> statement-breakpoint
CREATE TRIGGER product_configs_immutable BEFORE UPDATE OR DELETE ON product_configs FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER product_configs_no_truncate BEFORE TRUNCATE ON product_configs FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
