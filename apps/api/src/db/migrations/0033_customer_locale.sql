ALTER TABLE "customers" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_locale_known" CHECK ("customers"."locale" in ('en-US', 'fil', 'zh-CN'));