CREATE TABLE "payment_switches" (
	"id" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"method" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_switches" ADD CONSTRAINT "payment_switches_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_switches" ADD CONSTRAINT "payment_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_switches_order_idx" ON "payment_switches" USING btree ("order_id");