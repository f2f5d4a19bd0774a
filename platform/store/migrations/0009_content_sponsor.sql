ALTER TABLE "playlists" ADD COLUMN "sponsor" jsonb;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "sponsor" jsonb;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "sponsor" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "sponsor" jsonb;