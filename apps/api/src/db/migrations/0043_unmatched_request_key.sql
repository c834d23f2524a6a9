-- BE-05: an assignment of money naming no borrower keeps the Idempotency-Key of the console
-- submission that made it, so a late retry of that submission (a network retry arriving after
-- finance undid the assignment) answers with the undone assignment instead of assigning the money
-- to the same wrong borrower again. Null on assignments made before keys were sent.
ALTER TABLE "unmatched_resolutions" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_resolutions_request_key" ON "unmatched_resolutions" USING btree ("webhook_id","request_key");