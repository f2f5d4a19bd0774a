import content from "./seed/content.schema.json";
import seedRealm from "./seed/realm.schema.json";
import menu from "./menu.schema.json";
import realmSettings from "./realm-settings.schema.json";
import theme from "./theme.schema.json";
import sponsor from "./sponsor.schema.json";
import contentQuery from "./blocks/content-query.schema.json";
import { blockSchemas } from "./generated/block-schemas.ts";
import pageLayout from "./page-layout.schema.json";
import pageZones from "./page-zones.schema.json";
import page from "./page.schema.json";
import section from "./section.schema.json";
import cancellationPromo from "./cancellation-promo.schema.json";
import routeTable from "./route-table.schema.json";
import link from "./link.schema.json";
import localizedText from "./localized-text.schema.json";
import licence from "./licence.schema.json";
import voucherRule from "./voucher-rule.schema.json";
import voucher from "./voucher.schema.json";

/** Every schema, so one validator instance can resolve their `$ref`s to each other. */
export const allSchemas = [
  link,
  localizedText,
  realmSettings,
  theme,
  menu,
  content,
  licence,
  voucherRule,
  voucher,
  seedRealm,
  sponsor,
  contentQuery,
  ...blockSchemas,
  pageLayout,
  pageZones,
  page,
  section,
  cancellationPromo,
  routeTable,
] as const;

export const schemaIds = {
  realmSettings: realmSettings.$id,
  theme: theme.$id,
  menu: menu.$id,
  seedContent: content.$id,
  seedRealm: seedRealm.$id,
  page: page.$id,
  section: section.$id,
  cancellationPromo: cancellationPromo.$id,
  routeTable: routeTable.$id,
} as const;

export type SchemaName = keyof typeof schemaIds;
