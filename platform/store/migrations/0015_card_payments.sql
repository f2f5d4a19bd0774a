ALTER TABLE "orders" ADD COLUMN "payment_method" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "action_url" text;