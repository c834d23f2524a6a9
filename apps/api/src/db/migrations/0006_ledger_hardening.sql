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
-- One check per INSERT statement instead of one query per row (the day job inserts hundreds of
-- thousands of lines at once): every ledger transaction touched must balance, have two lines or
-- more, and have been posted by this database transaction. It replaces the per-row deferred
-- balance trigger of 0003; a transaction's lines are written by one statement.
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
CREATE FUNCTION ledger_check_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT t.id, t.created_txid, sums.total, sums.lines INTO bad
  FROM (SELECT DISTINCT transaction_id FROM new_entries) touched
  JOIN ledger_transactions t ON t.id = touched.transaction_id
  CROSS JOIN LATERAL (SELECT coalesce(sum(e.amount), 0) AS total, count(*) AS lines FROM ledger_entries e WHERE e.transaction_id = t.id) sums
  WHERE t.created_txid <> txid_current() OR sums.total <> 0 OR sums.lines < 2
  LIMIT 1;
  IF FOUND THEN
    IF bad.created_txid <> txid_current() THEN
      RAISE EXCEPTION 'ledger transaction % was posted earlier: entries cannot be added to it', bad.id USING ERRCODE = 'check_violation';
    ELSIF bad.lines < 2 THEN
      RAISE EXCEPTION 'ledger transaction % has fewer than two entries', bad.id USING ERRCODE = 'check_violation';
    ELSE
      RAISE EXCEPTION 'ledger transaction % does not balance: entries sum to %', bad.id, bad.total USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_statement();
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
