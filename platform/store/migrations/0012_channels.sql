CREATE TABLE "channel_events" (
	"channel_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "channel_events_channel_id_event_id_pk" PRIMARY KEY("channel_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "channel_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"replay_video_id" integer
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"external_key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"stream_event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_slots" ADD CONSTRAINT "channel_slots_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_slots" ADD CONSTRAINT "channel_slots_replay_video_id_videos_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_stream_event_id_events_id_fk" FOREIGN KEY ("stream_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_events_event_idx" ON "channel_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "channel_slots_channel_idx" ON "channel_slots" USING btree ("channel_id","start_minute");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_realm_key_idx" ON "channels" USING btree ("realm","external_key");--> statement-breakpoint
CREATE INDEX "channels_realm_position_idx" ON "channels" USING btree ("realm","position");