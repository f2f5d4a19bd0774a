DROP INDEX "linked_providers_subject_idx";--> statement-breakpoint
ALTER TABLE "linked_providers" ADD COLUMN "issuer" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "linked_providers_subject_idx" ON "linked_providers" USING btree ("realm","provider","issuer","subject");