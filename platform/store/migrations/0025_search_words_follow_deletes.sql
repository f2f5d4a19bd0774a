-- A word leaves the realm's word list when the last entry holding it changes or goes, so that
-- typo matching offers only words that still find something. Only the words an entry lost are
-- looked up, each once, through the lexemes index.
CREATE OR REPLACE FUNCTION search_drop_words(realm_words text[][]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM search_words w
  USING (SELECT realm_words[i][1] AS realm, realm_words[i][2] AS word
         FROM generate_subscripts(realm_words, 1) AS i) gone
  WHERE w.realm || ' ' || w.word = gone.realm || ' ' || gone.word
    AND NOT EXISTS (
      SELECT 1 FROM search_entries s
      WHERE s.realm = gone.realm
        AND s.lexemes @@ ('''' || replace(replace(gone.word, '\', '\\'), '''', '''''') || '''')::tsquery);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_drop_words(coalesce((
    SELECT array_agg(array[g.realm, g.word]) FROM (
      SELECT DISTINCT o.realm, w.word
      FROM old_rows o CROSS JOIN LATERAL unnest(tsvector_to_array(o.lexemes)) AS w(word)) g),
    '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_drop_words(coalesce((
    SELECT array_agg(array[g.realm, g.word]) FROM (
      SELECT o.realm, w.word
      FROM old_rows o CROSS JOIN LATERAL unnest(tsvector_to_array(o.lexemes)) AS w(word)
      EXCEPT
      SELECT n.realm, w.word
      FROM new_rows n CROSS JOIN LATERAL unnest(tsvector_to_array(n.lexemes)) AS w(word)) g),
    '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_entries_words_drop_on_delete AFTER DELETE ON search_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_delete();
--> statement-breakpoint
CREATE TRIGGER search_entries_words_drop_on_update AFTER UPDATE ON search_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_update();
--> statement-breakpoint
-- Words no entry holds any more, left by changes before this migration.
DELETE FROM search_words w
WHERE NOT EXISTS (
  SELECT 1 FROM search_entries s
  WHERE s.realm = w.realm
    AND s.lexemes @@ ('''' || replace(replace(w.word, '\', '\\'), '''', '''''') || '''')::tsquery);
