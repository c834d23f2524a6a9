-- BE-06, accrual at scale: the partial indexes on orders named `status` in their predicates, so a
-- status change was never a heap-only (HOT) update: the day job's flip of every loan past its due
-- date to overdue wrote a new entry in all four indexes of the row. The predicates now name two flags
-- derived from status by the database; a change that keeps both (repaying or extended → overdue)
-- touches no index when the row's page has room, which the fill factor keeps (80%: an order is
-- rewritten a handful of times in its life). It is set first, so the table rewrite the new columns
-- cause already leaves that room on every page.
DROP INDEX "orders_one_outstanding";--> statement-breakpoint
DROP INDEX "orders_servicing_due";--> statement-breakpoint
ALTER TABLE "orders" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "outstanding" boolean GENERATED ALWAYS AS (status not in ('settled', 'cancelled')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "servicing" boolean GENERATED ALWAYS AS (status in ('repaying', 'extended', 'overdue')) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_outstanding" ON "orders" USING btree ("customer_id") WHERE outstanding;--> statement-breakpoint
CREATE INDEX "orders_servicing_due" ON "orders" USING btree ("due_date") WHERE servicing;
