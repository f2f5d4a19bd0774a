ALTER TABLE "composed_pages" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "note" text;