ALTER TABLE "gifts" DROP CONSTRAINT "gifts_giver_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "giver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;