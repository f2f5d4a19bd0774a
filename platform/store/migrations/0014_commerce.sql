CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"licence_id" text NOT NULL,
	"voucher_code" text,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"basket" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"realm" text NOT NULL,
	"code" text NOT NULL,
	"rule" jsonb NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_realm_code_pk" PRIMARY KEY("realm","code")
);
--> statement-breakpoint
ALTER TABLE "realms" ADD COLUMN "licences" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlements" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_realm_code_vouchers_realm_code_fk" FOREIGN KEY ("realm","code") REFERENCES "public"."vouchers"("realm","code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("realm","user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_order_idx" ON "voucher_redemptions" USING btree ("realm","code","order_ref");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_account_idx" ON "voucher_redemptions" USING btree ("realm","code","user_id");