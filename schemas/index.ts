import content from "./seed/content.schema.json";
import seedRealm from "./seed/realm.schema.json";
import menu from "./menu.schema.json";
import realmSettings from "./realm-settings.schema.json";
import theme from "./theme.schema.json";
import initResponse from "./init-response.schema.json";
import realmLookup from "./realm-lookup.schema.json";
import realmDirectory from "./realm-directory.schema.json";

/** Every schema, so one validator instance can resolve their `$ref`s to each other. */
export const allSchemas = [
  realmSettings,
  theme,
  menu,
  content,
  seedRealm,
  initResponse,
  realmLookup,
  realmDirectory,
] as const;

export const schemaIds = {
  realmSettings: realmSettings.$id,
  theme: theme.$id,
  menu: menu.$id,
  seedContent: content.$id,
  seedRealm: seedRealm.$id,
  initResponse: initResponse.$id,
  realmLookup: realmLookup.$id,
  realmDirectory: realmDirectory.$id,
} as const;

export type SchemaName = keyof typeof schemaIds;
