CREATE TABLE "composed_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"page_key" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover_image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"competition" text NOT NULL,
	"venue" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"replay_video_id" integer
);
--> statement-breakpoint
CREATE TABLE "fighters" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"nickname" text,
	"nationality" text NOT NULL,
	"gender" text NOT NULL,
	"weight_class" text NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"draws" integer NOT NULL,
	"height_m" real NOT NULL,
	"reach_inches" real NOT NULL,
	"weight_lbs" real NOT NULL,
	"striking_accuracy_percent" real,
	"rank" integer,
	"pound_for_pound_rank" integer,
	"image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"target_platform" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover_image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"playlist_id" integer NOT NULL,
	"position" integer NOT NULL,
	"video_id" integer NOT NULL,
	CONSTRAINT "playlist_items_playlist_id_position_pk" PRIMARY KEY("playlist_id","position")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover_image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realm_api_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realm_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realms" (
	"name" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"default_locale" text NOT NULL,
	"languages" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"logo_image_id" text,
	"hero_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"referral_id" text NOT NULL,
	"click_id" text,
	"device_id" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover_image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"series_id" integer NOT NULL,
	"season_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover_image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover_image_id" text,
	"thumbnail_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"season_id" integer,
	"episode_number" integer
);
--> statement-breakpoint
ALTER TABLE "composed_pages" ADD CONSTRAINT "composed_pages_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_replay_video_id_videos_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fighters" ADD CONSTRAINT "fighters_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fighters" ADD CONSTRAINT "fighters_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fighters" ADD CONSTRAINT "fighters_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realm_api_keys" ADD CONSTRAINT "realm_api_keys_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realm_domains" ADD CONSTRAINT "realm_domains_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "composed_pages_realm_key_version_idx" ON "composed_pages" USING btree ("realm","page_key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "events_realm_key_idx" ON "events" USING btree ("realm","external_key");--> statement-breakpoint
CREATE INDEX "events_realm_start_idx" ON "events" USING btree ("realm","start_at");--> statement-breakpoint
CREATE INDEX "events_realm_end_idx" ON "events" USING btree ("realm","end_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fighters_realm_key_idx" ON "fighters" USING btree ("realm","external_key");--> statement-breakpoint
CREATE INDEX "fighters_realm_class_idx" ON "fighters" USING btree ("realm","gender","weight_class");--> statement-breakpoint
CREATE INDEX "images_realm_idx" ON "images" USING btree ("realm");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_realm_platform_version_idx" ON "menus" USING btree ("realm","target_platform","version");--> statement-breakpoint
CREATE UNIQUE INDEX "news_realm_key_idx" ON "news" USING btree ("realm","external_key");--> statement-breakpoint
CREATE INDEX "news_realm_published_idx" ON "news" USING btree ("realm","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_realm_key_idx" ON "playlists" USING btree ("realm","external_key");--> statement-breakpoint
CREATE INDEX "realm_api_keys_realm_idx" ON "realm_api_keys" USING btree ("realm");--> statement-breakpoint
CREATE INDEX "realm_domains_realm_idx" ON "realm_domains" USING btree ("realm");--> statement-breakpoint
CREATE INDEX "referrals_realm_created_idx" ON "referrals" USING btree ("realm","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_realm_key_idx" ON "seasons" USING btree ("realm","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_series_number_idx" ON "seasons" USING btree ("series_id","season_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_realm_name_version_idx" ON "sections" USING btree ("realm","name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "series_realm_key_idx" ON "series" USING btree ("realm","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_realm_email_idx" ON "users" USING btree ("realm","email");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_realm_key_idx" ON "videos" USING btree ("realm","external_key");--> statement-breakpoint
CREATE INDEX "videos_realm_published_idx" ON "videos" USING btree ("realm","published_at");--> statement-breakpoint
CREATE INDEX "videos_season_idx" ON "videos" USING btree ("season_id");