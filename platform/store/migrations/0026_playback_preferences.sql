CREATE TABLE "playback_preferences" (
	"user_id" integer NOT NULL,
	"profile_key" integer DEFAULT 0 NOT NULL,
	"subtitle_language" text,
	"audio_language" text,
	"auto_advance" boolean DEFAULT true NOT NULL,
	"video_background_auto_play" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playback_preferences" ADD CONSTRAINT "playback_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playback_preferences_owner_idx" ON "playback_preferences" USING btree ("user_id","profile_key");