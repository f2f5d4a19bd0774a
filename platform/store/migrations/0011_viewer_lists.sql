CREATE TABLE "viewer_list_items" (
	"list_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"content_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewer_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_key" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"singleton" text,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewer_list_items" ADD CONSTRAINT "viewer_list_items_list_id_viewer_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."viewer_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_lists" ADD CONSTRAINT "viewer_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewer_list_items_item_idx" ON "viewer_list_items" USING btree ("list_id","item_type","content_id");--> statement-breakpoint
CREATE INDEX "viewer_list_items_order_idx" ON "viewer_list_items" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "viewer_lists_singleton_idx" ON "viewer_lists" USING btree ("user_id","profile_key","singleton");