CREATE TABLE "drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"document" jsonb NOT NULL,
	"base_version" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"realm" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"restored_from" integer
);
--> statement-breakpoint
CREATE TABLE "secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "composed_pages" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "composed_pages" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_realm_kind_key_idx" ON "drafts" USING btree ("realm","kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_realm_name_version_idx" ON "promos" USING btree ("realm","name","version");