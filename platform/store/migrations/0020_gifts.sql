CREATE TABLE "gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"giver_id" integer NOT NULL,
	"licence_id" text NOT NULL,
	"periods" integer NOT NULL,
	"recipient_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'BASKET' NOT NULL,
	"code" text,
	"order_id" text,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_idx" ON "gifts" USING btree ("realm","code");--> statement-breakpoint
CREATE INDEX "gifts_order_idx" ON "gifts" USING btree ("order_id");