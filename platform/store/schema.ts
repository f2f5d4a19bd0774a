/**
 * The store's tables, one module per domain (platform/store/schema/). Drizzle Kit reads this
 * file to generate migrations; code imports the tables from here.
 */
export * from "./schema/realms.ts";
export * from "./schema/documents.ts";
export * from "./schema/catalogue.ts";
export * from "./schema/identity.ts";
export * from "./schema/playback.ts";
export * from "./schema/engagement.ts";
export * from "./schema/search.ts";
export * from "./schema/lists.ts";
export * from "./schema/channels.ts";
export * from "./schema/commerce.ts";
export * from "./schema/diagnostics.ts";
export * from "./schema/analytics.ts";
export * from "./schema/watch-together.ts";
