CREATE TABLE "search_words" (
	"realm" text NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "search_entries_title_trgm_idx";--> statement-breakpoint
DROP INDEX "search_entries_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "search_entries" ADD COLUMN "lexemes" "tsvector" GENERATED ALWAYS AS (to_tsvector('pg_catalog.simple'::regconfig, words)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_key" ON "search_words" USING btree (("realm" || ' ' || "word"));--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_entries_title_prefix_idx" ON "search_entries" USING btree ("norm_title" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_entries_lexemes_idx" ON "search_entries" USING gin ("lexemes") WITH (fastupdate=false);
--> statement-breakpoint
-- Every word of the entries, once per realm: typos are matched against these words, not row by row.
CREATE OR REPLACE FUNCTION search_collect_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (realm, word)
  SELECT DISTINCT n.realm, w.word
  FROM new_rows n CROSS JOIN LATERAL unnest(tsvector_to_array(n.lexemes)) AS w(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables serves one event, hence two.
CREATE TRIGGER search_entries_words_insert AFTER INSERT ON search_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_collect_words();
--> statement-breakpoint
CREATE TRIGGER search_entries_words_update AFTER UPDATE ON search_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_collect_words();
--> statement-breakpoint
INSERT INTO search_words (realm, word)
SELECT DISTINCT s.realm, w.word
FROM search_entries s CROSS JOIN LATERAL unnest(tsvector_to_array(s.lexemes)) AS w(word)
ON CONFLICT DO NOTHING;
