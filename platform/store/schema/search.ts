import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { events, fighters } from "./catalogue.ts";
import { realms } from "./realms.ts";

/* Search: who fights in which event, and the search index the database keeps itself. */

/**
 * The fighters on an event's bill (combat realms). Their names and nicknames are words of the
 * event's search document; a fighter's page can list their fights from it.
 */
export const eventFighters = pgTable(
  "event_fighters",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    fighterId: integer("fighter_id")
      .notNull()
      .references(() => fighters.id, { onDelete: "cascade" }),
    /** Billing order on the event (0 first). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.fighterId] }),
    index("event_fighters_fighter_idx").on(t.fighterId),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One row per searchable item (events, videos, playlists, series), written only by the
 * database's triggers on those tables (migration 0010), never by the application. `document` is
 * weighted (title A, other words B, description C) in the realm language's text-search
 * configuration; `normTitle` and `words` are lower-cased and unaccented for exact, prefix and
 * trigram matching.
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** LIVE_EVENT, VOD_VIDEO, VOD_PLAYLIST or VOD_SERIES (the card type). */
    kind: text("kind").notNull(),
    contentId: integer("content_id").notNull(),
    title: text("title").notNull(),
    normTitle: text("norm_title").notNull(),
    words: text("words").notNull(),
    /** The distinct words of `words` (the `simple` configuration: no stemming, no stop words). */
    lexemes: tsvector("lexemes")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('pg_catalog.simple'::regconfig, words)`),
    document: tsvector("document").notNull(),
    /** Licence needed to play it; null: open to anyone who may see the realm's content. */
    licence: text("licence"),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    live: boolean("live").notNull().default(false),
    /** Start (events), publication (videos) or creation (collections): newest first on ties. */
    sortAt: timestamp("sort_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.contentId] }),
    // fastupdate off: every write goes straight into the index. Its pending list would otherwise
    // be read through by every search until a vacuum merges it (PGlite runs no autovacuum).
    index("search_entries_document_idx").using("gin", t.document).with({ fastupdate: false }),
    // Title prefixes (search as you type) in a B-tree: a range scan, not trigram posting lists.
    index("search_entries_title_prefix_idx").on(t.normTitle.op("text_pattern_ops")),
    index("search_entries_lexemes_idx").using("gin", t.lexemes).with({ fastupdate: false }),
  ],
);

/**
 * Every word of a realm's search entries, once (written by a trigger on search_entries,
 * migration 0013). A typo is matched against this short list by trigram similarity, and the
 * words it finds are then looked up in the entries' `lexemes` index, so that no search tests
 * trigram similarity row by row. Words are never removed when an entry changes: a word no
 * entry has any more finds nothing, and keeping it spares every write a look at the others.
 */
export const searchWords = pgTable(
  "search_words",
  {
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    word: text("word").notNull(),
  },
  (t) => [
    // Unique as one expression, not as a (realm, word) key: the planner counts a trigram test
    // as cheap as an integer comparison, so given an index on the realm it would read all of
    // the realm's words and test each rather than ask the trigram index.
    uniqueIndex("search_words_key").on(sql`(${t.realm} || ' ' || ${t.word})`),
    index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
  ],
);
