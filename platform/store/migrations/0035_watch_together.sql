CREATE TABLE "watch_room_members" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"profile_key" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_room_reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"emoji" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"host_user_id" integer NOT NULL,
	"host_name" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"playing" boolean DEFAULT false NOT NULL,
	"position_seconds" real DEFAULT 0 NOT NULL,
	"state_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"changed_by" text,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_room_members" ADD CONSTRAINT "watch_room_members_room_id_watch_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."watch_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_room_members" ADD CONSTRAINT "watch_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_room_reactions" ADD CONSTRAINT "watch_room_reactions_room_id_watch_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."watch_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_rooms" ADD CONSTRAINT "watch_rooms_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_rooms" ADD CONSTRAINT "watch_rooms_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_room_members_room_idx" ON "watch_room_members" USING btree ("room_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "watch_room_reactions_room_idx" ON "watch_room_reactions" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "watch_rooms_realm_idx" ON "watch_rooms" USING btree ("realm","created_at");