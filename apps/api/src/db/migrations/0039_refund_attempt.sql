-- BE-05: a refund transfer can come back (a closed account). The refund is then sent again as its
-- next attempt; the ledger keys of each attempt's payment and return carry its number. Refunds
-- already there are their first attempt.
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;