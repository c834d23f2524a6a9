-- Rewrites loan_transactions under one exclusive lock (existing rows are numbered in their stored
-- order). Quick on today's books; on millions of rows plan a quiet window or a batched backfill.
ALTER TABLE "loan_transactions" ADD COLUMN "seq" bigserial NOT NULL;