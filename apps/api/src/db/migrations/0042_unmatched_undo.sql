-- BE-05: a mistaken assignment of money that named no borrower can be undone while the held money
-- it became is unresolved; the row stays (who undid it, when, why) and the money can be assigned
-- again as a new row. So a row has its own id (rows before this migration take their webhook
-- record's id), and only one assignment per webhook record is in force at a time.
ALTER TABLE "unmatched_resolutions" ADD COLUMN "id" uuid;--> statement-breakpoint
UPDATE "unmatched_resolutions" SET "id" = "webhook_id";--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" DROP CONSTRAINT "unmatched_resolutions_pkey";--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD COLUMN "undone_by" uuid;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD COLUMN "undo_reason" text;--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_undone_by_operators_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_resolutions_in_force" ON "unmatched_resolutions" USING btree ("webhook_id") WHERE undone_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_resolutions_repayment" ON "unmatched_resolutions" USING btree ("repayment_id");--> statement-breakpoint
ALTER TABLE "unmatched_resolutions" ADD CONSTRAINT "unmatched_resolutions_undone_whole" CHECK (("unmatched_resolutions"."undone_at" is null) = ("unmatched_resolutions"."undone_by" is null) and ("unmatched_resolutions"."undone_at" is null) = ("unmatched_resolutions"."undo_reason" is null));
