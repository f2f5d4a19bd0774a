import type { BodyTypes } from "./body-types.ts";
import type { BodySchemaName } from "./schemas/index.ts";

/**
 * Who may call an endpoint: anyone (`public`), a client app of a realm (`client`: the `Realm`,
 * `X-Api-Key` and `App` headers), a signed-in viewer or guest of it (`viewer`: a bearer token
 * too), or one of its administrators (`admin`).
 */
export type Auth = "public" | "client" | "viewer" | "admin";

export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Below `/api`, path parameters in braces. */
  path: string;
  auth: Auth;
  /** The schema every request body is checked against before a handler runs. */
  request?: BodySchemaName;
  /** The schema of a successful answer, where the answer has one. */
  response?: BodySchemaName;
  summary: string;
}

/**
 * Every route of the platform API. The platform checks request bodies against it
 * (platform/api/validate-body.ts), the web app's client derives its answer types from it,
 * and contract/openapi.json is generated from it.
 */
export const ENDPOINTS = {
  openapi: {
    method: "GET",
    path: "/openapi.json",
    auth: "public",
    summary: "This API as an OpenAPI 3.1 document",
  },
  realmLookup: {
    method: "GET",
    path: "/v1/realm-lookup",
    auth: "public",
    response: "realmLookup",
    summary: "The realm a host name serves",
  },
  realmLookupV2: {
    method: "GET",
    path: "/v2/realm-lookup",
    auth: "public",
    response: "realmLookup",
    summary: "The realm a host name serves",
  },
  realms: {
    method: "GET",
    path: "/v1/realms",
    auth: "public",
    response: "realmDirectory",
    summary: "Realms a directory page lists",
  },
  realmsV2: {
    method: "GET",
    path: "/v2/realms",
    auth: "public",
    response: "realmDirectory",
    summary: "Realms a directory page lists",
  },
  realmV2: { method: "GET", path: "/v2/realm", auth: "client", summary: "The calling realm" },
  menuV2: { method: "GET", path: "/v2/menu", auth: "client", summary: "The realm's menu" },
  realm: { method: "GET", path: "/v1/realm", auth: "client", summary: "The calling realm" },
  menu: { method: "GET", path: "/v1/menu", auth: "client", summary: "The realm's menu" },
  init: {
    method: "GET",
    path: "/v1/init",
    auth: "client",
    response: "initResponse",
    summary: "Everything a client needs to start",
  },
  referralSession: {
    method: "POST",
    path: "/v1/session",
    auth: "client",
    request: "referralSession",
    summary: "Records where a viewer came from",
  },
  parentalControl: {
    method: "GET",
    path: "/v1/parental-control",
    auth: "viewer",
    response: "parentalControl",
    summary: "The account's parental control",
  },
  setParentalControl: {
    method: "POST",
    path: "/v1/parental-control",
    auth: "viewer",
    request: "jsonObject",
    response: "parentalControl",
    summary: "Restricts or frees child profiles",
  },
  setParentalPin: {
    method: "POST",
    path: "/v1/parental-control/pin",
    auth: "viewer",
    request: "jsonObject",
    response: "parentalControl",
    summary: "Sets a new parental PIN",
  },
  resetParentalPin: {
    method: "POST",
    path: "/v1/parental-control/pin/reset",
    auth: "viewer",
    summary: "Emails a code that resets the parental PIN",
  },
  events: {
    method: "GET",
    path: "/v2/events",
    auth: "client",
    response: "resultSet",
    summary: "Live and upcoming events",
  },
  event: {
    method: "GET",
    path: "/v2/event/{id}",
    auth: "client",
    response: "eventDetail",
    summary: "One event",
  },
  vods: {
    method: "GET",
    path: "/v2/vods",
    auth: "client",
    response: "resultSet",
    summary: "Videos",
  },
  search: {
    method: "GET",
    path: "/v2/search",
    auth: "client",
    response: "resultSet",
    summary:
      "Search: q, contentFilters (LIVE_EVENT, VOD_VIDEO, VOD_PLAYLIST, VOD_SERIES; repeated or comma-separated), p and rpp (the realm's resultPerPage by default)",
  },
  searchBuckets: {
    method: "GET",
    path: "/v2/search/buckets",
    auth: "client",
    response: "searchBuckets",
    summary: "Search as the overlay shows it: q, one bucket per content type",
  },
  popular: {
    method: "GET",
    path: "/v2/popular",
    auth: "client",
    response: "resultSet",
    summary:
      "Events and videos watched by the most viewers over the last 7 days: contentFilters (LIVE_EVENT, VOD_VIDEO), p, rpp",
  },
  vod: {
    method: "GET",
    path: "/v2/vod/{id}",
    auth: "client",
    response: "videoDetail",
    summary: "One video",
  },
  playlists: {
    method: "GET",
    path: "/v2/playlists",
    auth: "client",
    response: "resultSet",
    summary: "Playlists",
  },
  playlist: {
    method: "GET",
    path: "/v2/playlist/{id}",
    auth: "client",
    response: "playlistDetail",
    summary: "One playlist and its videos",
  },
  series: {
    method: "GET",
    path: "/v2/series/{id}",
    auth: "client",
    response: "seriesDetail",
    summary: "One series and its seasons",
  },
  season: {
    method: "GET",
    path: "/v2/season/{id}",
    auth: "client",
    response: "seasonDetail",
    summary: "One season and its episodes",
  },
  news: {
    method: "GET",
    path: "/v2/news",
    auth: "client",
    response: "resultSet",
    summary: "News, newest first",
  },
  newsItem: {
    method: "GET",
    path: "/v2/news/{id}",
    auth: "client",
    response: "newsDetail",
    summary: "One news item",
  },
  fighters: {
    method: "GET",
    path: "/v2/fighters",
    auth: "client",
    response: "fighterList",
    summary:
      "Fighters: p, rpp (5), ctt (rankings or all), weightClass, gender and lastNameStartLetter",
  },
  fighter: {
    method: "GET",
    path: "/v2/fighter/{id}",
    auth: "client",
    response: "fighter",
    summary: "One fighter",
  },
  fighterEvents: {
    method: "GET",
    path: "/v2/fighter/{id}/events",
    auth: "client",
    response: "resultSet",
    summary: "The fights of a fighter: events linked to them, the latest first (p, rpp)",
  },
  epg: {
    method: "GET",
    path: "/v2/epg",
    auth: "client",
    response: "epgGrid",
    summary:
      "The programme guide: channels and their programmes from `from` to `to` (ISO 8601, at most 8 days); 404 where epgMatrix is not ENABLED",
  },
  cards: {
    method: "GET",
    path: "/v2/cards",
    auth: "client",
    response: "resultSet",
    summary: "Cards of content named by key",
  },
  playlistByKey: {
    method: "GET",
    path: "/v2/playlist/by-key/{key}",
    auth: "client",
    response: "playlistDetail",
    summary: "A playlist named by key",
  },
  seriesByKey: {
    method: "GET",
    path: "/v2/series/by-key/{key}",
    auth: "client",
    response: "seriesDetail",
    summary: "A series named by key",
  },
  page: { method: "GET", path: "/v2/page/{key}", auth: "client", summary: "A published page" },
  section: {
    method: "GET",
    path: "/v2/section/{name}",
    auth: "client",
    summary: "A published section",
  },
  locale: {
    method: "GET",
    path: "/v2/locale/{realm}/{locale}",
    auth: "client",
    response: "localeData",
    summary: "A realm's texts in one language",
  },
  sitemap: {
    method: "GET",
    path: "/v2/sitemap",
    auth: "client",
    response: "sitemapListing",
    summary: "What a sitemap lists",
  },
  promoNotifications: {
    method: "GET",
    path: "/v2/promo-notification",
    auth: "client",
    response: "promoNotifications",
    summary: "Promo notifications to show",
  },
  dismissPromoNotification: {
    method: "PUT",
    path: "/v2/promo-notification/{id}",
    auth: "client",
    summary: "Dismisses a promo notification",
  },
  validateDocument: {
    method: "POST",
    path: "/v2/admin/validate",
    auth: "admin",
    summary: "Checks a config document without saving it",
  },
  validateRealmFolder: {
    method: "POST",
    path: "/v2/admin/validate/realm",
    auth: "admin",
    request: "realmFolderCheck",
    summary: "Checks a whole realm folder, cross references included, as npm run validate does",
  },
  adminDocuments: {
    method: "GET",
    path: "/v2/admin/documents",
    auth: "admin",
    response: "adminDocuments",
    summary: "Every config document of the realm with its published version and draft",
  },
  draft: {
    method: "GET",
    path: "/v2/admin/drafts/{target}/{key}",
    auth: "admin",
    summary: "A document's draft and published version",
  },
  draftOfKind: {
    method: "GET",
    path: "/v2/admin/drafts/{target}",
    auth: "admin",
    summary: "A document's draft and published version, for a kind that has one document",
  },
  saveDraft: {
    method: "PUT",
    path: "/v2/admin/drafts/{target}/{key}",
    auth: "admin",
    summary: "Saves a document's draft",
  },
  saveDraftOfKind: {
    method: "PUT",
    path: "/v2/admin/drafts/{target}",
    auth: "admin",
    summary: "Saves a document's draft, for a kind that has one document",
  },
  discardDraft: {
    method: "DELETE",
    path: "/v2/admin/drafts/{target}/{key}",
    auth: "admin",
    summary: "Discards a document's draft",
  },
  discardDraftOfKind: {
    method: "DELETE",
    path: "/v2/admin/drafts/{target}",
    auth: "admin",
    summary: "Discards a document's draft, for a kind that has one document",
  },
  publish: {
    method: "POST",
    path: "/v2/admin/publish/{target}/{key}",
    auth: "admin",
    request: "publishRequest",
    summary: "Publishes a document's draft, with the publisher's note",
  },
  publishOfKind: {
    method: "POST",
    path: "/v2/admin/publish/{target}",
    auth: "admin",
    request: "publishRequest",
    summary: "Publishes a document's draft, for a kind that has one document",
  },
  versions: {
    method: "GET",
    path: "/v2/admin/versions/{target}/{key}",
    auth: "admin",
    summary: "A document's published versions",
  },
  versionsOfKind: {
    method: "GET",
    path: "/v2/admin/versions/{target}",
    auth: "admin",
    summary: "A document's published versions, for a kind that has one document",
  },
  version: {
    method: "GET",
    path: "/v2/admin/version/{target}/{version}/{key}",
    auth: "admin",
    summary: "One published version of a document",
  },
  versionOfKind: {
    method: "GET",
    path: "/v2/admin/version/{target}/{version}",
    auth: "admin",
    summary: "One published version of a document, for a kind that has one document",
  },
  restore: {
    method: "POST",
    path: "/v2/admin/restore/{target}/{version}/{key}",
    auth: "admin",
    summary: "Publishes an earlier version again",
  },
  restoreOfKind: {
    method: "POST",
    path: "/v2/admin/restore/{target}/{version}",
    auth: "admin",
    summary: "Publishes an earlier version again, for a kind that has one document",
  },
  restoreDraft: {
    method: "POST",
    path: "/v2/admin/restore-draft/{target}/{version}/{key}",
    auth: "admin",
    summary: "Copies an earlier version into the document's draft, to check and publish",
  },
  restoreDraftOfKind: {
    method: "POST",
    path: "/v2/admin/restore-draft/{target}/{version}",
    auth: "admin",
    summary: "Copies an earlier version into the draft, for a kind that has one document",
  },
  contentAudit: {
    method: "GET",
    path: "/v2/admin/audit",
    auth: "admin",
    response: "contentAuditLog",
    summary: "The realm's publishes and restores of config documents, newest first",
  },
  adminUsers: {
    method: "GET",
    path: "/v2/admin/users",
    auth: "admin",
    response: "adminUsers",
    summary: "The realm's accounts",
  },
  startImpersonation: {
    method: "POST",
    path: "/v2/admin/user/{id}/impersonation",
    auth: "admin",
    summary: "A single-use link that signs an administrator in as an account",
  },
  rotateOidcKey: {
    method: "POST",
    path: "/v2/admin/oidc/keys/rotate",
    auth: "admin",
    summary: "The realm signs ID tokens with a new key; the old one stays published a week",
  },
  impersonate: {
    method: "GET",
    path: "/v2/admin/user/impersonate",
    auth: "client",
    response: "impersonationSession",
    summary: "Trades an impersonation link for a session",
  },
  analyticsEvents: {
    method: "POST",
    path: "/v2/analytics/events",
    auth: "client",
    request: "analyticsBatch",
    summary: "Takes a batch of a device's analytics events (202; rate-limited per device)",
  },
  analyticsSummary: {
    method: "GET",
    path: "/v2/admin/analytics",
    auth: "admin",
    response: "analyticsSummary",
    summary: "The realm's analytics figures for a date range",
  },
  outbox: {
    method: "GET",
    path: "/v2/admin/outbox",
    auth: "admin",
    response: "outbox",
    summary: "Emails the platform sent",
  },
  reportClientErrors: {
    method: "POST",
    path: "/v2/client-errors",
    auth: "client",
    request: "clientErrorBatch",
    response: "clientErrorAccepted",
    summary: "Errors the web app met in a browser, sampled and batched (202)",
  },
  clientErrors: {
    method: "GET",
    path: "/v2/admin/client-errors",
    auth: "admin",
    response: "clientErrorGroups",
    summary: "The realm's browser errors for a date range, grouped by message and release",
  },
  guestCheckin: {
    method: "POST",
    path: "/v2/login/guest/checkin",
    auth: "client",
    response: "sessionTokens",
    summary: "A guest session",
  },
  login: {
    method: "POST",
    path: "/v2/login",
    auth: "client",
    request: "credentials",
    response: "sessionTokens",
    summary: "Signs in with an email and a password",
  },
  signUp: {
    method: "POST",
    path: "/v2/user",
    auth: "client",
    request: "jsonObject",
    response: "sessionTokens",
    summary: "Signs up with the realm provider's fields",
  },
  signUpPbr: {
    method: "POST",
    path: "/v2/user/pbr",
    auth: "client",
    request: "jsonObject",
    response: "sessionTokens",
    summary: "Signs up, the address field named country",
  },
  refreshToken: {
    method: "POST",
    path: "/v2/token/refresh",
    auth: "client",
    request: "refreshRequest",
    response: "sessionTokens",
    summary: "Renews a session's access token",
  },
  logout: {
    method: "POST",
    path: "/v2/logout",
    auth: "client",
    request: "jsonObject",
    summary: "Ends a session",
  },
  verifyConfirmation: {
    method: "POST",
    path: "/v2/confirmation-token/verify",
    auth: "client",
    request: "jsonObject",
    summary: "Confirms an email address",
  },
  requestPasswordReset: {
    method: "POST",
    path: "/v2/password/request",
    auth: "client",
    request: "jsonObject",
    summary: "Emails a password reset link",
  },
  resetPassword: {
    method: "POST",
    path: "/v2/password/reset",
    auth: "client",
    request: "jsonObject",
    summary: "Sets a new password from a reset link",
  },
  requestMagicLink: {
    method: "POST",
    path: "/v2/login/magic-link",
    auth: "client",
    request: "jsonObject",
    summary: "Emails a sign-in link",
  },
  verifyMagicLink: {
    method: "POST",
    path: "/v2/login/magic-link/verify",
    auth: "client",
    request: "jsonObject",
    response: "sessionTokens",
    summary: "Signs in with a sign-in link",
  },
  pendingAccount: {
    method: "GET",
    path: "/v2/pendingactivationuser/{id}",
    auth: "client",
    summary: "An account waiting for activation",
  },
  pendingEntitlements: {
    method: "GET",
    path: "/v2/pendingactivationuser/{id}/entitlement",
    auth: "client",
    summary: "What an account waiting for activation is entitled to",
  },
  activate: {
    method: "POST",
    path: "/v2/pendingactivationuser/{id}/activate",
    auth: "client",
    response: "sessionTokens",
    summary: "Activates an account and signs it in",
  },
  discardPendingAccount: {
    method: "DELETE",
    path: "/v2/pendingactivationuser/{id}",
    auth: "client",
    summary: "Discards an account waiting for activation",
  },
  tvCode: { method: "POST", path: "/v2/tv/code", auth: "client", summary: "A code for a TV" },
  tvToken: {
    method: "POST",
    path: "/v2/tv/token",
    auth: "client",
    request: "jsonObject",
    summary: "A TV's session once its code was entered",
  },
  tvActivate: {
    method: "POST",
    path: "/v2/tv/activate",
    auth: "viewer",
    request: "jsonObject",
    summary: "Signs a TV in with its code",
  },
  profiles: {
    method: "GET",
    path: "/v2/user/profiles",
    auth: "viewer",
    response: "profileList",
    summary: "The account's profiles",
  },
  createProfile: {
    method: "POST",
    path: "/v2/user/profiles",
    auth: "viewer",
    request: "jsonObject",
    summary: "A new profile",
  },
  renameProfile: {
    method: "PUT",
    path: "/v2/user/profiles/{id}",
    auth: "viewer",
    request: "jsonObject",
    summary: "Renames a profile",
  },
  deleteProfile: {
    method: "DELETE",
    path: "/v2/user/profiles/{id}",
    auth: "viewer",
    summary: "Deletes a profile",
  },
  switchProfile: {
    method: "POST",
    path: "/v2/user/profiles/{id}/switch",
    auth: "viewer",
    request: "profileSwitch",
    response: "sessionTokens",
    summary: "Moves the session to another profile",
  },
  userDetails: {
    method: "GET",
    path: "/v2/user/profile",
    auth: "viewer",
    response: "userDetails",
    summary: "The account's details",
  },
  updateUserDetails: {
    method: "PUT",
    path: "/v2/user/profile",
    auth: "viewer",
    request: "userDetailsUpdate",
    response: "userDetails",
    summary: "Changes the account's details",
  },
  addresses: {
    method: "GET",
    path: "/v2/user/address",
    auth: "viewer",
    response: "addressList",
    summary: "The account's postal addresses, the default first",
  },
  addAddress: {
    method: "POST",
    path: "/v2/user/address",
    auth: "viewer",
    request: "addressInput",
    response: "address",
    summary: "Adds a postal address (the first one is the default)",
  },
  updateAddress: {
    method: "PUT",
    path: "/v2/user/address/{id}",
    auth: "viewer",
    request: "addressInput",
    response: "address",
    summary: "Changes a postal address, or makes it the default",
  },
  removeAddress: {
    method: "DELETE",
    path: "/v2/user/address/{id}",
    auth: "viewer",
    summary: "Removes a postal address (the next one becomes the default)",
  },
  updateBillingDetails: {
    method: "PUT",
    path: "/v2/user/billing-details",
    auth: "viewer",
    request: "billingDetails",
    response: "address",
    summary: "Who pays and where: name and tax number to the details, the address the default",
  },
  savedCards: {
    method: "GET",
    path: "/v2/customer/cards",
    auth: "viewer",
    response: "savedCards",
    summary: "A page of the cards the account has paid with, the default first",
  },
  removeSavedCard: {
    method: "DELETE",
    path: "/v2/customer/cards/{id}",
    auth: "viewer",
    summary: "Removes a card (the most recently used one left becomes the default)",
  },
  makeDefaultCard: {
    method: "POST",
    path: "/v2/customer/cards/{id}/default",
    auth: "viewer",
    summary: "Makes a card the account's default",
  },
  changeLanguage: {
    method: "PUT",
    path: "/v2/user/language",
    auth: "viewer",
    request: "languageChange",
    summary: "The language the account reads the realm in",
  },
  playbackPreferences: {
    method: "GET",
    path: "/v2/user/playback-preferences",
    auth: "viewer",
    response: "playbackPreferences",
    summary: "How the player starts for the viewer (their profile where the realm has profiles)",
  },
  savePlaybackPreferences: {
    method: "PUT",
    path: "/v2/user/playback-preferences",
    auth: "viewer",
    request: "playbackPreferences",
    response: "playbackPreferences",
    summary: "Saves the viewer's subtitle and audio language, auto-advance and background autoplay",
  },
  paymentDetails: {
    method: "GET",
    path: "/v2/payment-details",
    auth: "viewer",
    response: "paymentDetailsList",
    summary: "How each running subscription pays, with a change under way",
  },
  paymentDetail: {
    method: "GET",
    path: "/v2/payment-details/{orderId}",
    auth: "viewer",
    response: "paymentDetails",
    summary: "How one running subscription pays",
  },
  switchPaymentMethod: {
    method: "POST",
    path: "/v2/payment-details/{orderId}/switch",
    auth: "viewer",
    request: "paymentSwitchRequest",
    response: "paymentSwitch",
    summary: "Starts paying a subscription with another card",
  },
  confirmPaymentSwitch: {
    method: "POST",
    path: "/v2/payment-details/switches/{id}/confirm",
    auth: "viewer",
    request: "paymentSwitchConfirmation",
    response: "paymentSwitch",
    summary: "The provider's result of a change of payment method",
  },
  missingInformation: {
    method: "GET",
    path: "/v2/user/missing-information",
    auth: "viewer",
    response: "missingInformation",
    summary: "Details the realm needs that the account lacks",
  },
  consentPrompt: {
    method: "GET",
    path: "/v2/consent-prompt",
    auth: "viewer",
    response: "consentPrompt",
    summary: "Consent questions and the account's answers",
  },
  answerConsentPrompt: {
    method: "PUT",
    path: "/v2/consent-prompt",
    auth: "viewer",
    request: "consentAnswersUpdate",
    response: "consentPrompt",
    summary: "Answers consent questions",
  },
  consentAnswers: {
    method: "GET",
    path: "/v2/consent-prompt/answers",
    auth: "viewer",
    response: "consentAnswers",
    summary: "The account's consent answers",
  },
  putConsentAnswers: {
    method: "PUT",
    path: "/v2/consent-prompt/answers",
    auth: "viewer",
    request: "consentAnswersUpdate",
    response: "consentPrompt",
    summary: "Answers consent questions",
  },
  marketingPreferences: {
    method: "GET",
    path: "/v2/user/preferences/marketing",
    auth: "viewer",
    response: "consentPrompt",
    summary: "The account's marketing answers",
  },
  updateMarketingPreferences: {
    method: "PUT",
    path: "/v2/user/preferences/marketing",
    auth: "viewer",
    request: "consentAnswersUpdate",
    response: "consentPrompt",
    summary: "Changes marketing answers",
  },
  playback: {
    method: "GET",
    path: "/v2/playback/{kind}/{id}",
    auth: "viewer",
    response: "playbackGrant",
    summary: "A signed stream of a video (vod) or an event (live)",
  },
  heartbeat: {
    method: "POST",
    path: "/v2/playback/heartbeat",
    auth: "viewer",
    request: "jsonObject",
    summary: "Keeps a playback session alive and records the position",
  },
  endPlayback: {
    method: "DELETE",
    path: "/v2/playback/session/{id}",
    auth: "viewer",
    summary: "Ends a playback session",
  },
  createWatchRoom: {
    method: "POST",
    path: "/v2/watch-together/rooms",
    auth: "viewer",
    request: "watchRoomCreate",
    response: "watchRoom",
    summary: "Opens a watch-together room for a video or event the viewer may watch",
  },
  watchRoom: {
    method: "GET",
    path: "/v2/watch-together/rooms/{id}",
    auth: "viewer",
    response: "watchRoom",
    summary: "A watch-together room: its shared playback state and members",
  },
  watchRoomCommand: {
    method: "POST",
    path: "/v2/watch-together/rooms/{id}/commands",
    auth: "viewer",
    request: "watchRoomCommand",
    response: "watchRoom",
    summary: "Plays, pauses or seeks for every member, or locks the controls (host)",
  },
  watchRoomReaction: {
    method: "POST",
    path: "/v2/watch-together/rooms/{id}/reactions",
    auth: "viewer",
    request: "watchRoomReaction",
    summary: "Sends one of the fixed reactions to every member",
  },
  watchRoomEvents: {
    method: "GET",
    path: "/v2/watch-together/rooms/{id}/events",
    auth: "viewer",
    summary:
      "The room as Server-Sent Events (`room` on every change, `reaction`, `closed`); the viewer is a member while connected",
  },
  viewerLists: {
    method: "GET",
    path: "/v2/lists",
    auth: "viewer",
    response: "viewerLists",
    summary: "The acting profile's lists: my list, favourites or watchlists, as the realm has them",
  },
  createList: {
    method: "POST",
    path: "/v2/lists",
    auth: "viewer",
    request: "listName",
    response: "viewerList",
    summary: "Creates a named watchlist (realms with watchlists)",
  },
  viewerList: {
    method: "GET",
    path: "/v2/lists/{listId}",
    auth: "viewer",
    response: "listDetail",
    summary: "One list and its items, in the viewer's order",
  },
  renameList: {
    method: "PUT",
    path: "/v2/lists/{listId}",
    auth: "viewer",
    request: "listName",
    response: "viewerList",
    summary: "Renames a watchlist",
  },
  deleteList: {
    method: "DELETE",
    path: "/v2/lists/{listId}",
    auth: "viewer",
    summary: "Deletes a watchlist and its items",
  },
  addListItem: {
    method: "PUT",
    path: "/v2/lists/{listId}/items/{type}/{contentId}",
    auth: "viewer",
    response: "listChange",
    summary: "Adds an item at the front of a list; adding an item already there changes nothing",
  },
  removeListItem: {
    method: "DELETE",
    path: "/v2/lists/{listId}/items/{type}/{contentId}",
    auth: "viewer",
    response: "listChange",
    summary: "Removes an item from a list; removing one that is not there changes nothing",
  },
  reorderList: {
    method: "PUT",
    path: "/v2/lists/{listId}/order",
    auth: "viewer",
    request: "listOrder",
    response: "listDetail",
    summary: "Puts a list's items in a new order",
  },
  listMembership: {
    method: "GET",
    path: "/v2/list-membership",
    auth: "viewer",
    response: "listMembership",
    summary:
      "Which of the viewer's lists hold each item named by `ref=TYPE:id` (repeated, up to 200)",
  },
  history: {
    method: "GET",
    path: "/v2/history",
    auth: "viewer",
    response: "watchHistory",
    summary: "What the viewer watched, latest first",
  },
  basket: {
    method: "GET",
    path: "/v4/basket",
    auth: "viewer",
    response: "basket",
    summary: "What buying a licence charges now and later, with a voucher and the country's tax",
  },
  subscriptions: {
    method: "GET",
    path: "/v2/user/subscriptions",
    auth: "viewer",
    response: "accountSubscriptions",
    summary: "The licences the account holds or held, newest first",
  },
  endOtherSessions: {
    method: "POST",
    path: "/v2/user/sessions/end-others",
    auth: "viewer",
    summary: "Signs the account out everywhere but this session",
  },
  accountSessions: {
    method: "GET",
    path: "/v2/user/sessions",
    auth: "viewer",
    response: "accountSessions",
    summary: "The account's signed-in sessions, most recently active first, the caller's marked",
  },
  endAccountSession: {
    method: "DELETE",
    path: "/v2/user/sessions/{sessionId}",
    auth: "viewer",
    summary: "Signs one session of the account out, at once",
  },
  endAllSessions: {
    method: "POST",
    path: "/v2/user/sessions/end-all",
    auth: "viewer",
    summary: "Signs the account out everywhere, this session included",
  },
  linkedProviders: {
    method: "GET",
    path: "/v2/realm/authentication-providers",
    auth: "viewer",
    response: "linkedProviders",
    summary: "The outside sign-in providers linked to the account",
  },
  unlinkProvider: {
    method: "DELETE",
    path: "/v2/realm/authentication-providers/{id}",
    auth: "viewer",
    summary: "Unlinks an outside sign-in provider, unless it is the account's last way in",
  },
  deleteAccount: {
    method: "POST",
    path: "/v2/user/delete",
    auth: "viewer",
    request: "accountDeletion",
    summary: "Deletes the account, confirmed by its password; its orders stay, anonymised",
  },
  accountDataExport: {
    method: "GET",
    path: "/v2/user/data-export",
    auth: "viewer",
    response: "jsonObject",
    summary: "Everything the platform keeps about the account, as one JSON document",
  },
  cancelSubscription: {
    method: "POST",
    path: "/v2/user/subscriptions/{orderId}/cancel",
    auth: "viewer",
    response: "accountSubscription",
    summary: "Stops a subscription renewing; it runs to the end of the period paid",
  },
  planChanges: {
    method: "GET",
    path: "/v2/user/subscriptions/{orderId}/plan-changes",
    auth: "viewer",
    response: "planChangeOptions",
    summary:
      "The plans a running subscription can change to, each with what it costs now and from when",
  },
  changePlan: {
    method: "POST",
    path: "/v2/user/subscriptions/{orderId}/plan-change",
    auth: "viewer",
    request: "planChangeRequest",
    response: "planChangeResult",
    summary:
      "Changes a subscription's plan: an upgrade charged now (prorated), a downgrade at the period's end",
  },
  accountPartition: {
    method: "GET",
    path: "/v2/user/partition",
    auth: "viewer",
    response: "accountPartition",
    summary: "The account's partition and the realm's partitions (partitioned realms)",
  },
  changePartition: {
    method: "PUT",
    path: "/v2/user/partition",
    auth: "viewer",
    request: "partitionData",
    response: "accountPartition",
    summary: "Moves the account to another partition: its licences and prices are that partition's",
  },
  reactivateSubscription: {
    method: "POST",
    path: "/v2/user/subscriptions/{orderId}/reactivate",
    auth: "viewer",
    response: "accountSubscription",
    summary: "Takes a cancellation back while the period paid still runs",
  },
  acceptPriceMigration: {
    method: "POST",
    path: "/v2/user/subscriptions/{orderId}/price-migration/accept",
    auth: "viewer",
    response: "accountSubscription",
    summary: "Accepts the upcoming price of a subscription while its consent deadline runs",
  },
  adminOrders: {
    method: "GET",
    path: "/v2/admin/orders",
    auth: "admin",
    response: "adminOrders",
    summary: "The realm's paid and failed orders, newest first, found by buyer email or order id",
  },
  refundOrder: {
    method: "POST",
    path: "/v2/admin/orders/{orderId}/refunds",
    auth: "admin",
    request: "refundRequest",
    response: "orderRefund",
    summary:
      "Refunds (part of) an order's payment, once per key; a full refund ends what it granted",
  },
  cancellationPromo: {
    method: "GET",
    path: "/v2/cancellation-promo",
    auth: "client",
    response: "cancellationPromo",
    summary: "The realm's offer to a subscriber about to cancel, as published",
  },
  paymentHistory: {
    method: "POST",
    path: "/v2/customer/history/payment",
    auth: "viewer",
    response: "paymentHistory",
    summary: "The account's payments, newest first, rpp (default 10) at a time",
  },
  changePassword: {
    method: "PUT",
    path: "/v2/user/password",
    auth: "viewer",
    request: "passwordChange",
    summary: "A new password; every other session of the account ends",
  },
  basketPay: {
    method: "POST",
    path: "/v4/basket/pay",
    auth: "viewer",
    request: "basketPayment",
    response: "order",
    summary: "Buys a licence with one of the basket's providers, once per idempotency key",
  },
  giftItems: {
    method: "GET",
    path: "/v4/gifts",
    auth: "viewer",
    response: "giftItems",
    summary: "The licences a viewer can give, priced for `countryCode` (realms with gifting)",
  },
  addGiftToBasket: {
    method: "POST",
    path: "/v4/add-gift-to-basket/{licenceId}",
    auth: "viewer",
    request: "giftToBasket",
    response: "giftBasket",
    summary: "Puts a gift for an e-mail address in the basket, priced for `countryCode`",
  },
  giftCheck: {
    method: "GET",
    path: "/v4/redeem-gift/{code}",
    auth: "viewer",
    response: "giftCheck",
    summary: "What a gift code gives; used, expired and unknown codes answer their own error",
  },
  giftRedeem: {
    method: "POST",
    path: "/v4/redeem-gift/{code}",
    auth: "viewer",
    response: "giftRedemption",
    summary: "Redeems a gift code into the account, exactly once",
  },
  order: {
    method: "GET",
    path: "/v4/orders/{orderId}",
    auth: "viewer",
    response: "order",
    summary: "One of the viewer's orders: where it stands, what it cost and granted",
  },
  orderConfirm: {
    method: "POST",
    path: "/v4/orders/{orderId}/confirm",
    auth: "viewer",
    request: "orderConfirmation",
    response: "order",
    summary:
      "Hands over the provider's signed result the browser came back with; settles the order once",
  },
  paymentNotification: {
    method: "POST",
    path: "/v4/payments/notifications/{provider}",
    auth: "public",
    request: "paymentNotification",
    summary: "A provider's signed server-to-server word on an order; duplicates change nothing",
  },
  oauthCode: {
    method: "POST",
    path: "/v4/oauth2-auth/code",
    auth: "client",
    request: "jsonObject",
    summary: "An authorization code for another party's app",
  },
  oauthToken: {
    method: "POST",
    path: "/v4/oauth2-auth/token",
    auth: "public",
    summary: "Trades a code for tokens (RFC 6749, form-encoded)",
  },
  realmOauthToken: {
    method: "POST",
    path: "/v4/oauth2-auth/{realm}/token",
    auth: "public",
    summary: "A realm's token endpoint (RFC 6749, form-encoded)",
  },
  oidcDiscovery: {
    method: "GET",
    path: "/v4/oidc/{realm}/.well-known/openid-configuration",
    auth: "public",
    summary: "A realm's OpenID Connect discovery document; its issuer is /api/v4/oidc/{realm}",
  },
  oidcJwks: {
    method: "GET",
    path: "/v4/oidc/{realm}/jwks",
    auth: "public",
    summary: "A realm's ID-token signing keys: the current one and those rotated out lately",
  },
  oidcUserinfo: {
    method: "GET",
    path: "/v4/oidc/{realm}/userinfo",
    auth: "public",
    summary: "The claims an OpenID Connect sign-in granted, for its bearer access token",
  },
  oidcUserinfoPost: {
    method: "POST",
    path: "/v4/oidc/{realm}/userinfo",
    auth: "public",
    summary: "The claims an OpenID Connect sign-in granted, for its bearer access token",
  },
  externalSignInStart: {
    method: "POST",
    path: "/v4/oidc/external/authorization",
    auth: "client",
    request: "externalAuthorizationRequest",
    response: "externalAuthorization",
    summary: "Starts a sign-in at the realm's external OpenID provider (authorization code, PKCE)",
  },
  externalSignInComplete: {
    method: "POST",
    path: "/v4/oidc/external/session",
    auth: "client",
    request: "externalSignInRequest",
    response: "sessionTokens",
    summary: "Completes a sign-in at the realm's external OpenID provider: a session in this realm",
  },
  oidcEndSession: {
    method: "POST",
    path: "/v4/oidc/end-session",
    auth: "client",
    request: "jsonObject",
    summary: "Checks an RP-initiated logout: id_token_hint and post_logout_redirect_uri",
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** `/v2/event/{id}` as a pattern that matches `/v2/event/12` and captures nothing. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}

const patterns = (Object.values(ENDPOINTS) as Endpoint[]).map((endpoint) => ({
  endpoint,
  pattern: pathPattern(endpoint.path),
}));

/** The endpoint a method and a path below `/api` call, if any. */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  return patterns.find(({ endpoint, pattern }) => endpoint.method === method && pattern.test(path))
    ?.endpoint;
}

/** The path of an endpoint with its parameters filled in, each escaped as a path segment. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

type Table = typeof ENDPOINTS;

/** Names of the `{parameters}` of a path. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

export type ParamsOf<N extends EndpointName> = Record<
  ParamNames<Table[N]["path"]>,
  string | number
>;

/** The answer body of a successful call; `unknown` where the endpoint has no schema for it. */
export type ResponseOf<N extends EndpointName> = Table[N] extends {
  response: infer R extends keyof BodyTypes;
}
  ? BodyTypes[R]
  : unknown;

/** The request body an endpoint takes; `undefined` when it takes none. */
export type RequestOf<N extends EndpointName> = Table[N] extends {
  request: infer R extends keyof BodyTypes;
}
  ? BodyTypes[R]
  : undefined;
