ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "loan_transactions" DROP CONSTRAINT "loan_transactions_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "loan_transactions" DROP CONSTRAINT "loan_transactions_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "loan_transactions" DROP CONSTRAINT "loan_transactions_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk";
--> statement-breakpoint
-- Issue 7 (BE-06, accrual at scale): the row-level foreign keys above cost one query per row (six
-- per loan and day in the accrual); these statement-level checks do the same work once per INSERT,
-- set-based, and are stricter: a line's borrower must be its order's borrower. Referenced rows
-- cannot disappear: ledger transactions, loan transactions and events are append-only; an order
-- with history cannot be deleted nor change its id or borrower; a borrower with ledger lines cannot
-- be deleted (orders keep their row-level key to customers).
CREATE OR REPLACE FUNCTION ledger_check_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
  missing text;
BEGIN
  SELECT touched.transaction_id::text INTO missing
  FROM (SELECT DISTINCT transaction_id FROM new_entries) touched
  WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = touched.transaction_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entries name transaction %, which does not exist', missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT n.id::text INTO missing
  FROM new_entries n LEFT JOIN orders o ON o.id = n.order_id
  WHERE n.order_id IS NOT NULL AND (o.id IS NULL OR (n.customer_id IS NOT NULL AND n.customer_id <> o.customer_id))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry % names an order that does not exist or belongs to another borrower', missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT c.customer_id::text INTO missing
  FROM (SELECT DISTINCT customer_id FROM new_entries WHERE customer_id IS NOT NULL AND order_id IS NULL) c
  WHERE NOT EXISTS (SELECT 1 FROM customers x WHERE x.id = c.customer_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entries name borrower %, who does not exist', missing USING ERRCODE = 'foreign_key_violation';
  END IF;
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
CREATE FUNCTION loan_transactions_check_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.id::text INTO missing
  FROM new_rows n LEFT JOIN orders o ON o.id = n.order_id
  WHERE o.id IS NULL OR n.customer_id <> o.customer_id
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'loan transaction % names an order that does not exist or belongs to another borrower', missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT p.ledger_transaction_id::text INTO missing
  FROM (SELECT DISTINCT ledger_transaction_id FROM new_rows) p
  WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = p.ledger_transaction_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'loan transactions name ledger transaction %, which does not exist', missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_transactions_checked AFTER INSERT ON loan_transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_transactions_check_statement();
--> statement-breakpoint
CREATE FUNCTION order_events_check_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.id::text INTO missing
  FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = n.order_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'order event % names an order that does not exist', missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_checked AFTER INSERT ON order_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_events_check_statement();
--> statement-breakpoint
CREATE FUNCTION orders_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'an order keeps its id and its borrower' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM loan_transactions t WHERE t.order_id = OLD.id)
     OR EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = OLD.id)
     OR EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = OLD.id) THEN
    RAISE EXCEPTION 'order % has history and cannot be deleted', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_history_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_history();
--> statement-breakpoint
CREATE TRIGGER orders_keep_history_update BEFORE UPDATE OF id, customer_id ON orders FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.customer_id IS DISTINCT FROM NEW.customer_id) EXECUTE FUNCTION orders_keep_history();
--> statement-breakpoint
CREATE FUNCTION customers_keep_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_entries l WHERE l.customer_id = OLD.id)
     OR EXISTS (SELECT 1 FROM loan_transactions t WHERE t.customer_id = OLD.id) THEN
    RAISE EXCEPTION 'borrower % has ledger history and cannot be deleted', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    RETURN NEW;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_keep_ledger_delete BEFORE DELETE ON customers FOR EACH ROW EXECUTE FUNCTION customers_keep_ledger();
--> statement-breakpoint
CREATE TRIGGER customers_keep_ledger_update BEFORE UPDATE OF id ON customers FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION customers_keep_ledger();
