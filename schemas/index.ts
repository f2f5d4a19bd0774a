import content from "./seed/content.schema.json";
import seedRealm from "./seed/realm.schema.json";
import menu from "./menu.schema.json";
import realmSettings from "./realm-settings.schema.json";
import theme from "./theme.schema.json";
import initResponse from "./init-response.schema.json";
import realmLookup from "./realm-lookup.schema.json";
import realmDirectory from "./realm-directory.schema.json";
import card from "./card.schema.json";
import sponsor from "./sponsor.schema.json";
import contentDetail from "./content-detail.schema.json";
import resultSet from "./result-set.schema.json";
import contentQuery from "./blocks/content-query.schema.json";
import { blockSchemas } from "./generated/block-schemas.ts";
import pageLayout from "./page-layout.schema.json";
import pageZones from "./page-zones.schema.json";
import page from "./page.schema.json";
import section from "./section.schema.json";
import cancellationPromo from "./cancellation-promo.schema.json";
import routeTable from "./route-table.schema.json";
import promoNotifications from "./promo-notifications.schema.json";
import profileList from "./profiles.schema.json";
import userDetails from "./user-details.schema.json";
import missingInformation from "./missing-information.schema.json";
import parentalControl from "./parental-control.schema.json";
import consentPrompt from "./consent-prompt.schema.json";
import consentAnswers from "./consent-answers.schema.json";
import localeData from "./locale-data.schema.json";
import sitemapListing from "./sitemap-listing.schema.json";
import adminUsers from "./admin-users.schema.json";
import outbox from "./outbox.schema.json";
import impersonationSession from "./impersonation-session.schema.json";
import playbackGrant from "./playback.schema.json";
import watchHistory from "./watch-history.schema.json";
import watchItem from "./watch-item.schema.json";
import realmFolderCheck from "./realm-folder-check.schema.json";
import link from "./link.schema.json";

/** Every schema, so one validator instance can resolve their `$ref`s to each other. */
export const allSchemas = [
  link,
  realmSettings,
  theme,
  menu,
  content,
  seedRealm,
  initResponse,
  realmLookup,
  realmDirectory,
  card,
  sponsor,
  contentDetail,
  resultSet,
  contentQuery,
  ...blockSchemas,
  pageLayout,
  pageZones,
  page,
  section,
  cancellationPromo,
  routeTable,
  promoNotifications,
  profileList,
  userDetails,
  missingInformation,
  parentalControl,
  consentPrompt,
  consentAnswers,
  localeData,
  sitemapListing,
  adminUsers,
  outbox,
  impersonationSession,
  playbackGrant,
  watchHistory,
  watchItem,
  realmFolderCheck,
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
  page: page.$id,
  resultSet: resultSet.$id,
  // The detail answers share one schema file; each is validated against its own definition.
  videoDetail: `${contentDetail.$id}#/$defs/videoDetail`,
  eventDetail: `${contentDetail.$id}#/$defs/eventDetail`,
  playlistDetail: `${contentDetail.$id}#/$defs/playlistDetail`,
  seriesDetail: `${contentDetail.$id}#/$defs/seriesDetail`,
  seasonDetail: `${contentDetail.$id}#/$defs/seasonDetail`,
  section: section.$id,
  cancellationPromo: cancellationPromo.$id,
  routeTable: routeTable.$id,
  promoNotifications: promoNotifications.$id,
  profileList: profileList.$id,
  userDetails: userDetails.$id,
  missingInformation: missingInformation.$id,
  parentalControl: parentalControl.$id,
  consentPrompt: consentPrompt.$id,
  consentAnswers: consentAnswers.$id,
  localeData: localeData.$id,
  sitemapListing: sitemapListing.$id,
  adminUsers: adminUsers.$id,
  outbox: outbox.$id,
  impersonationSession: impersonationSession.$id,
  playbackGrant: playbackGrant.$id,
  watchHistory: watchHistory.$id,
  watchItem: watchItem.$id,
  realmFolderCheck: realmFolderCheck.$id,
} as const;

export type SchemaName = keyof typeof schemaIds;
