CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stored_method" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renews_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_period" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_stop_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_migration_accepted" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_migration_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_switches" ADD COLUMN "stored_method" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_idx" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_renewal_idx" ON "orders" USING btree ("renews_order_id","renewal_period") WHERE "orders"."status" = 'COMPLETED';--> statement-breakpoint
CREATE INDEX "orders_renews_idx" ON "orders" USING btree ("renews_order_id");