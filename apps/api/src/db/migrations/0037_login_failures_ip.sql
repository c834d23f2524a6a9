-- Per-IP login limits count a client by its network (modules/auth/client-network.ts: an IPv4
-- address, an IPv6 /64), kept beside the raw address. Rows already there (codes of the last two
-- days, failures of the last day) take their raw address: exact for IPv4, and an IPv6 client's rows
-- of the hour before the upgrade count per address as they did. The columns are filled before they
-- become NOT NULL, so the migration runs on a live database.
DROP INDEX "otp_codes_ip_created";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "ip_network" text;--> statement-breakpoint
UPDATE "login_failures" SET "ip_network" = "ip";--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "ip_network" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "phone_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "requested_network" text;--> statement-breakpoint
UPDATE "otp_codes" SET "requested_network" = "requested_ip";--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "requested_network" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_network_created" ON "login_failures" USING btree ("ip_network","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_network_created" ON "otp_codes" USING btree ("requested_network","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_created" ON "otp_codes" USING btree ("created_at");
