CREATE TABLE "playback_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"account" text NOT NULL,
	"profile_id" integer,
	"device_id" text,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_key" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"position_seconds" real NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "allowed_territories" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "blocked_territories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "concurrent_streams" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_sessions_account_idx" ON "playback_sessions" USING btree ("realm","account","last_heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_history_item_idx" ON "watch_history" USING btree ("user_id","profile_key","kind","content_id");--> statement-breakpoint
CREATE INDEX "watch_history_recent_idx" ON "watch_history" USING btree ("user_id","profile_key","watched_at");