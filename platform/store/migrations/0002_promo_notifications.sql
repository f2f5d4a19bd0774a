CREATE TABLE "promo_notification_dismissals" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" text,
	"device_id" text,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_dismissals_viewer_check" CHECK (("promo_notification_dismissals"."user_id" is null) <> ("promo_notification_dismissals"."device_id" is null))
);
--> statement-breakpoint
CREATE TABLE "promo_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_url" text,
	"cta" text NOT NULL,
	"link_url" text,
	"content_type" text,
	"content_key" text,
	"open_in_new_tab" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_notifications_link_check" CHECK (("promo_notifications"."link_url" is null) <> ("promo_notifications"."content_key" is null) and ("promo_notifications"."content_key" is null) = ("promo_notifications"."content_type" is null))
);
--> statement-breakpoint
ALTER TABLE "promo_notification_dismissals" ADD CONSTRAINT "promo_notification_dismissals_notification_id_promo_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."promo_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_notifications" ADD CONSTRAINT "promo_notifications_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_dismissals_user_idx" ON "promo_notification_dismissals" USING btree ("notification_id","user_id") WHERE "promo_notification_dismissals"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_dismissals_device_idx" ON "promo_notification_dismissals" USING btree ("notification_id","device_id") WHERE "promo_notification_dismissals"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_notifications_realm_key_idx" ON "promo_notifications" USING btree ("realm","external_key");