-- Search runs in the database: full-text search (one text-search configuration per realm
-- language, over unaccented text) and trigram similarity for typos and prefixes. Both
-- extensions are trusted, so the store's own role may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "event_fighters" (
	"event_id" integer NOT NULL,
	"fighter_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_fighters_event_id_fighter_id_pk" PRIMARY KEY("event_id","fighter_id")
);
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"realm" text NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"title" text NOT NULL,
	"norm_title" text NOT NULL,
	"words" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"licence" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"live" boolean DEFAULT false NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_entries_kind_content_id_pk" PRIMARY KEY("kind","content_id")
);
--> statement-breakpoint
ALTER TABLE "event_fighters" ADD CONSTRAINT "event_fighters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_fighters" ADD CONSTRAINT "event_fighters_fighter_id_fighters_id_fk" FOREIGN KEY ("fighter_id") REFERENCES "public"."fighters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_realm_realms_name_fk" FOREIGN KEY ("realm") REFERENCES "public"."realms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_fighters_fighter_idx" ON "event_fighters" USING btree ("fighter_id");--> statement-breakpoint
CREATE INDEX "search_entries_document_idx" ON "search_entries" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_title_trgm_idx" ON "search_entries" USING gin ("norm_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_words_trgm_idx" ON "search_entries" USING gin ("words" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Lower-cased text without accents, punctuation and runs of spaces made one space: titles and
-- queries compare in this form. unaccent(text) alone is only STABLE (it looks its dictionary up
-- by search_path); naming the dictionary makes the result depend on the text alone.
CREATE OR REPLACE FUNCTION search_norm(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(
    lower(public.unaccent('public.unaccent'::regdictionary, coalesce(value, ''))),
    '[[:space:][:punct:]‐-―‘-‟«»¿¡·]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- The text-search configuration of a language (a realm's default locale or a viewer's).
CREATE OR REPLACE FUNCTION search_config(locale text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT (CASE split_part(lower(coalesce(locale, '')), '-', 1)
    WHEN 'pt' THEN 'pg_catalog.portuguese'
    WHEN 'es' THEN 'pg_catalog.spanish'
    WHEN 'en' THEN 'pg_catalog.english'
    ELSE 'pg_catalog.simple' END)::regconfig
$$;
--> statement-breakpoint
-- The weighted document: title A, other words (competition, venue, fighters, tags, seasons) B,
-- description C.
CREATE OR REPLACE FUNCTION search_document(config regconfig, title text, words text, description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector(config, search_norm(title)), 'A')
      || setweight(to_tsvector(config, search_norm(words)), 'B')
      || setweight(to_tsvector(config, search_norm(description)), 'C')
$$;
--> statement-breakpoint
-- (Re)writes the search entries of the given items of one kind from their tables.
CREATE OR REPLACE FUNCTION search_index(item_kind text, ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF item_kind = 'LIVE_EVENT' THEN
    INSERT INTO search_entries AS s (realm, kind, content_id, title, norm_title, words, document, licence, start_at, end_at, live, sort_at)
    SELECT e.realm, item_kind, e.id, e.title, search_norm(e.title),
      search_norm(concat_ws(' ', e.title, e.competition, e.venue, f.names)),
      search_document(search_config(r.default_locale), e.title, concat_ws(' ', e.competition, e.venue, f.names), e.description),
      e.licence, e.start_at, e.end_at, e.live, e.start_at
    FROM events e
    JOIN realms r ON r.name = e.realm
    LEFT JOIN LATERAL (
      SELECT string_agg(concat_ws(' ', fi.first_name, fi.last_name, fi.nickname), ' ' ORDER BY ef.position) AS names
      FROM event_fighters ef JOIN fighters fi ON fi.id = ef.fighter_id
      WHERE ef.event_id = e.id
    ) f ON true
    WHERE e.id = ANY (ids)
    ON CONFLICT (kind, content_id) DO UPDATE SET realm = excluded.realm, title = excluded.title,
      norm_title = excluded.norm_title, words = excluded.words, document = excluded.document,
      licence = excluded.licence, start_at = excluded.start_at, end_at = excluded.end_at,
      live = excluded.live, sort_at = excluded.sort_at;
  ELSIF item_kind = 'VOD_VIDEO' THEN
    INSERT INTO search_entries AS s (realm, kind, content_id, title, norm_title, words, document, licence, start_at, end_at, live, sort_at)
    SELECT v.realm, item_kind, v.id, v.title, search_norm(v.title),
      search_norm(concat_ws(' ', v.title, tg.words, se.title)),
      search_document(search_config(r.default_locale), v.title, concat_ws(' ', tg.words, se.title), v.description),
      v.licence, NULL, NULL, false, v.published_at
    FROM videos v
    JOIN realms r ON r.name = v.realm
    LEFT JOIN seasons se ON se.id = v.season_id
    LEFT JOIN LATERAL (
      SELECT string_agg(tag, ' ') AS words FROM jsonb_array_elements_text(v.tags) AS tag
    ) tg ON true
    WHERE v.id = ANY (ids)
    ON CONFLICT (kind, content_id) DO UPDATE SET realm = excluded.realm, title = excluded.title,
      norm_title = excluded.norm_title, words = excluded.words, document = excluded.document,
      licence = excluded.licence, sort_at = excluded.sort_at;
  ELSIF item_kind = 'VOD_PLAYLIST' THEN
    INSERT INTO search_entries AS s (realm, kind, content_id, title, norm_title, words, document, licence, start_at, end_at, live, sort_at)
    SELECT p.realm, item_kind, p.id, p.title, search_norm(p.title), search_norm(p.title),
      search_document(search_config(r.default_locale), p.title, '', p.description),
      NULL, NULL, NULL, false, p.created_at
    FROM playlists p
    JOIN realms r ON r.name = p.realm
    WHERE p.id = ANY (ids)
    ON CONFLICT (kind, content_id) DO UPDATE SET realm = excluded.realm, title = excluded.title,
      norm_title = excluded.norm_title, words = excluded.words, document = excluded.document,
      sort_at = excluded.sort_at;
  ELSIF item_kind = 'VOD_SERIES' THEN
    INSERT INTO search_entries AS s (realm, kind, content_id, title, norm_title, words, document, licence, start_at, end_at, live, sort_at)
    SELECT sr.realm, item_kind, sr.id, sr.title, search_norm(sr.title),
      search_norm(concat_ws(' ', sr.title, ss.titles)),
      search_document(search_config(r.default_locale), sr.title, coalesce(ss.titles, ''), sr.description),
      NULL, NULL, NULL, false, sr.created_at
    FROM series sr
    JOIN realms r ON r.name = sr.realm
    LEFT JOIN LATERAL (
      SELECT string_agg(title, ' ' ORDER BY season_number) AS titles FROM seasons WHERE series_id = sr.id
    ) ss ON true
    WHERE sr.id = ANY (ids)
    ON CONFLICT (kind, content_id) DO UPDATE SET realm = excluded.realm, title = excluded.title,
      norm_title = excluded.norm_title, words = excluded.words, document = excluded.document,
      sort_at = excluded.sort_at;
  ELSE
    RAISE EXCEPTION 'search_index: unknown kind %', item_kind;
  END IF;
END $$;
--> statement-breakpoint
-- Statement triggers on the content tables (set-based: one index write per statement).
CREATE OR REPLACE FUNCTION search_follow_content() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE kind = TG_ARGV[0] AND content_id IN (SELECT id FROM old_rows);
  ELSE
    PERFORM search_index(TG_ARGV[0], ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_search_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('LIVE_EVENT');
--> statement-breakpoint
CREATE TRIGGER events_search_update AFTER UPDATE ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('LIVE_EVENT');
--> statement-breakpoint
CREATE TRIGGER events_search_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('LIVE_EVENT');
--> statement-breakpoint
CREATE TRIGGER videos_search_insert AFTER INSERT ON videos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_VIDEO');
--> statement-breakpoint
CREATE TRIGGER videos_search_update AFTER UPDATE ON videos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_VIDEO');
--> statement-breakpoint
CREATE TRIGGER videos_search_delete AFTER DELETE ON videos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_VIDEO');
--> statement-breakpoint
CREATE TRIGGER playlists_search_insert AFTER INSERT ON playlists REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_PLAYLIST');
--> statement-breakpoint
CREATE TRIGGER playlists_search_update AFTER UPDATE ON playlists REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_PLAYLIST');
--> statement-breakpoint
CREATE TRIGGER playlists_search_delete AFTER DELETE ON playlists REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_PLAYLIST');
--> statement-breakpoint
CREATE TRIGGER series_search_insert AFTER INSERT ON series REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_SERIES');
--> statement-breakpoint
CREATE TRIGGER series_search_update AFTER UPDATE ON series REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_SERIES');
--> statement-breakpoint
CREATE TRIGGER series_search_delete AFTER DELETE ON series REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_content('VOD_SERIES');
--> statement-breakpoint
-- Season titles are words of their series and of their episodes.
CREATE OR REPLACE FUNCTION search_follow_seasons() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_index('VOD_SERIES', ARRAY(SELECT DISTINCT series_id FROM old_rows));
  ELSE
    PERFORM search_index('VOD_SERIES', ARRAY(SELECT DISTINCT series_id FROM new_rows));
    PERFORM search_index('VOD_VIDEO', ARRAY(
      SELECT v.id FROM videos v WHERE v.season_id IN (SELECT id FROM new_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER seasons_search_insert AFTER INSERT ON seasons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_seasons();
--> statement-breakpoint
CREATE TRIGGER seasons_search_update AFTER UPDATE ON seasons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_seasons();
--> statement-breakpoint
CREATE TRIGGER seasons_search_delete AFTER DELETE ON seasons REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_seasons();
--> statement-breakpoint
-- A fighter's names are words of the events they are billed on.
CREATE OR REPLACE FUNCTION search_follow_event_fighters() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_index('LIVE_EVENT', ARRAY(SELECT DISTINCT event_id FROM old_rows));
  ELSE
    PERFORM search_index('LIVE_EVENT', ARRAY(SELECT DISTINCT event_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_fighters_search_insert AFTER INSERT ON event_fighters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_event_fighters();
--> statement-breakpoint
CREATE TRIGGER event_fighters_search_delete AFTER DELETE ON event_fighters REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_event_fighters();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_follow_event_fighters_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index('LIVE_EVENT', ARRAY(
    SELECT event_id FROM new_rows UNION SELECT event_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_fighters_search_update AFTER UPDATE ON event_fighters
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_event_fighters_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_follow_fighters() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index('LIVE_EVENT', ARRAY(
    SELECT DISTINCT ef.event_id FROM event_fighters ef WHERE ef.fighter_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fighters_search_update AFTER UPDATE ON fighters REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_fighters();
--> statement-breakpoint
-- A realm that changes its default language gets its documents rebuilt in the new configuration.
CREATE OR REPLACE FUNCTION search_follow_realm_language() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index('LIVE_EVENT', ARRAY(SELECT id FROM events WHERE realm = NEW.name));
  PERFORM search_index('VOD_VIDEO', ARRAY(SELECT id FROM videos WHERE realm = NEW.name));
  PERFORM search_index('VOD_PLAYLIST', ARRAY(SELECT id FROM playlists WHERE realm = NEW.name));
  PERFORM search_index('VOD_SERIES', ARRAY(SELECT id FROM series WHERE realm = NEW.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER realms_search_language AFTER UPDATE OF default_locale ON realms
  FOR EACH ROW WHEN (OLD.default_locale IS DISTINCT FROM NEW.default_locale)
  EXECUTE FUNCTION search_follow_realm_language();
--> statement-breakpoint
-- Content already in the store.
SELECT search_index('LIVE_EVENT', ARRAY(SELECT id FROM events));--> statement-breakpoint
SELECT search_index('VOD_VIDEO', ARRAY(SELECT id FROM videos));--> statement-breakpoint
SELECT search_index('VOD_PLAYLIST', ARRAY(SELECT id FROM playlists));--> statement-breakpoint
SELECT search_index('VOD_SERIES', ARRAY(SELECT id FROM series));
