ALTER TABLE "users" ADD COLUMN "partition" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_change" jsonb;