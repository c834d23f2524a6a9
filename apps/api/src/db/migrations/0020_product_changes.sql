ALTER TABLE "product_configs" ADD COLUMN "approval_request_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "product_configs" ADD CONSTRAINT "product_configs_approval_request_id_unique" UNIQUE("approval_request_id");--> statement-breakpoint
ALTER TABLE "product_configs" ADD CONSTRAINT "product_configs_approval_request_id_approval_requests_id_fk" FOREIGN KEY ("approval_request_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_known" CHECK ("kind" IN ('waiver', 'product_change'));
