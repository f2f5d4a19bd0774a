import card from "./card.schema.json";
import initResponse from "./init-response.schema.json";
import resultSet from "./result-set.schema.json";
import watchHistory from "./watch-history.schema.json";
import jsonObject from "./json-object.schema.json";
import credentials from "./credentials.schema.json";
import refreshRequest from "./refresh-request.schema.json";
import externalSignIn from "./external-sign-in.schema.json";
import referralSession from "./referral-session.schema.json";
import userDetailsUpdate from "./user-details-update.schema.json";
import consentAnswersUpdate from "./consent-answers-update.schema.json";
import apiErrorBody from "./error.schema.json";
import profileSwitch from "./profile-switch.schema.json";
import sessionTokens from "./session-tokens.schema.json";
import adminUsers from "./admin-users.schema.json";
import adminOrders from "./admin-orders.schema.json";
import adminDocuments from "./admin-documents.schema.json";
import consentAnswers from "./consent-answers.schema.json";
import consentPrompt from "./consent-prompt.schema.json";
import contentDetail from "./content-detail.schema.json";
import impersonationSession from "./impersonation-session.schema.json";
import localeData from "./locale-data.schema.json";
import missingInformation from "./missing-information.schema.json";
import outbox from "./outbox.schema.json";
import clientErrors from "./client-errors.schema.json";
import parentalControl from "./parental-control.schema.json";
import playbackGrant from "./playback.schema.json";
import profileList from "./profiles.schema.json";
import promoNotifications from "./promo-notifications.schema.json";
import realmDirectory from "./realm-directory.schema.json";
import realmLookup from "./realm-lookup.schema.json";
import sitemapListing from "./sitemap-listing.schema.json";
import userDetails from "./user-details.schema.json";
import addresses from "./addresses.schema.json";
import addressInput from "./address-input.schema.json";
import savedCards from "./saved-cards.schema.json";
import languageChange from "./language-change.schema.json";
import playbackPreferences from "./playback-preferences.schema.json";
import paymentDetails from "./payment-details.schema.json";
import planChange from "./plan-change.schema.json";
import partition from "./partition.schema.json";
import watchItem from "./watch-item.schema.json";
import realmFolderCheck from "./realm-folder-check.schema.json";
import searchBuckets from "./search-buckets.schema.json";
import viewerLists from "./viewer-lists.schema.json";
import fighterList from "./fighters.schema.json";
import epgGrid from "./epg.schema.json";
import licence from "../../schemas/licence.schema.json";
import basket from "./basket.schema.json";
import order from "./order.schema.json";
import gift from "./gift.schema.json";
import analytics from "./analytics.schema.json";
import watchRoom from "./watch-room.schema.json";
import contentHistory from "./content-history.schema.json";
import account from "./account.schema.json";
import voucher from "../../schemas/voucher.schema.json";
import voucherRule from "../../schemas/voucher-rule.schema.json";
import cancellationPromo from "../../schemas/cancellation-promo.schema.json";

/**
 * The JSON Schemas of the platform's request and answer bodies (page blocks read cards, result
 * sets and watch history from here too). A schema comes after those it refers to; init refers
 * to the page-config schemas of schemas/ (menu, theme, realm settings).
 */
export const contractSchemas = [
  card,
  resultSet,
  watchHistory,
  initResponse,
  realmFolderCheck,
  profileSwitch,
  sessionTokens,
  jsonObject,
  credentials,
  refreshRequest,
  externalSignIn,
  referralSession,
  userDetailsUpdate,
  consentAnswersUpdate,
  apiErrorBody,
  adminUsers,
  adminOrders,
  adminDocuments,
  consentAnswers,
  consentPrompt,
  contentDetail,
  impersonationSession,
  localeData,
  missingInformation,
  outbox,
  clientErrors,
  parentalControl,
  playbackGrant,
  profileList,
  promoNotifications,
  realmDirectory,
  realmLookup,
  sitemapListing,
  userDetails,
  watchItem,
  searchBuckets,
  viewerLists,
  fighterList,
  epgGrid,
  basket,
  order,
  gift,
  account,
  addresses,
  addressInput,
  savedCards,
  languageChange,
  paymentDetails,
  playbackPreferences,
  planChange,
  partition,
  analytics,
  watchRoom,
  contentHistory,
] as const;

/** Every body schema by name, those in schemas/ included; the endpoint table names them so. */
export const bodySchemaIds = {
  profileSwitch: profileSwitch.$id,
  sessionTokens: sessionTokens.$id,
  jsonObject: jsonObject.$id,
  credentials: credentials.$id,
  refreshRequest: refreshRequest.$id,
  externalSignInRequest: externalSignIn.$id,
  externalAuthorizationRequest: `${externalSignIn.$id}#/$defs/authorizationRequest`,
  externalAuthorization: `${externalSignIn.$id}#/$defs/authorization`,
  referralSession: referralSession.$id,
  userDetailsUpdate: userDetailsUpdate.$id,
  consentAnswersUpdate: consentAnswersUpdate.$id,
  apiErrorBody: apiErrorBody.$id,
  adminUsers: adminUsers.$id,
  adminOrders: adminOrders.$id,
  adminDocuments: adminDocuments.$id,
  card: card.$id,
  consentAnswers: consentAnswers.$id,
  consentPrompt: consentPrompt.$id,
  // The detail answers share one schema file; each is validated against its own definition.
  videoDetail: `${contentDetail.$id}#/$defs/videoDetail`,
  eventDetail: `${contentDetail.$id}#/$defs/eventDetail`,
  playlistDetail: `${contentDetail.$id}#/$defs/playlistDetail`,
  seriesDetail: `${contentDetail.$id}#/$defs/seriesDetail`,
  seasonDetail: `${contentDetail.$id}#/$defs/seasonDetail`,
  newsDetail: `${contentDetail.$id}#/$defs/newsDetail`,
  impersonationSession: impersonationSession.$id,
  initResponse: initResponse.$id,
  localeData: localeData.$id,
  missingInformation: missingInformation.$id,
  outbox: outbox.$id,
  clientErrorBatch: clientErrors.$id,
  clientErrorAccepted: `${clientErrors.$id}#/$defs/clientErrorAccepted`,
  clientErrorGroups: `${clientErrors.$id}#/$defs/clientErrorGroups`,
  parentalControl: parentalControl.$id,
  playbackGrant: playbackGrant.$id,
  profileList: profileList.$id,
  searchBuckets: searchBuckets.$id,
  viewerLists: viewerLists.$id,
  fighterList: fighterList.$id,
  fighter: `${fighterList.$id}#/$defs/fighter`,
  epgGrid: epgGrid.$id,
  listDetail: `${viewerLists.$id}#/$defs/listDetail`,
  listName: `${viewerLists.$id}#/$defs/listName`,
  listOrder: `${viewerLists.$id}#/$defs/listOrder`,
  listChange: `${viewerLists.$id}#/$defs/listChange`,
  listMembership: `${viewerLists.$id}#/$defs/listMembership`,
  viewerList: `${viewerLists.$id}#/$defs/viewerList`,
  promoNotifications: promoNotifications.$id,
  realmDirectory: realmDirectory.$id,
  realmLookup: realmLookup.$id,
  resultSet: resultSet.$id,
  sitemapListing: sitemapListing.$id,
  userDetails: userDetails.$id,
  watchHistory: watchHistory.$id,
  watchItem: watchItem.$id,
  realmFolderCheck: realmFolderCheck.$id,
  licence: licence.$id,
  basket: basket.$id,
  order: order.$id,
  accountSubscriptions: account.$id,
  accountSubscription: `${account.$id}#/$defs/subscription`,
  paymentHistory: `${account.$id}#/$defs/paymentHistory`,
  cancellationPromo: cancellationPromo.$id,
  passwordChange: `${account.$id}#/$defs/passwordChange`,
  addressList: addresses.$id,
  address: `${addresses.$id}#/$defs/address`,
  addressInput: addressInput.$id,
  billingDetails: `${addressInput.$id}#/$defs/billingDetails`,
  savedCards: savedCards.$id,
  languageChange: languageChange.$id,
  playbackPreferences: playbackPreferences.$id,
  paymentDetailsList: paymentDetails.$id,
  paymentDetails: `${paymentDetails.$id}#/$defs/paymentDetails`,
  paymentSwitchRequest: `${paymentDetails.$id}#/$defs/paymentSwitchRequest`,
  paymentSwitch: `${paymentDetails.$id}#/$defs/paymentSwitch`,
  paymentSwitchConfirmation: `${paymentDetails.$id}#/$defs/paymentSwitchConfirmation`,
  accountSessions: `${account.$id}#/$defs/accountSessions`,
  linkedProviders: `${account.$id}#/$defs/linkedProviders`,
  accountDeletion: `${account.$id}#/$defs/accountDeletion`,
  basketPayment: `${order.$id}#/$defs/basketPayment`,
  orderConfirmation: `${order.$id}#/$defs/orderConfirmation`,
  paymentNotification: `${order.$id}#/$defs/paymentNotification`,
  refundRequest: `${order.$id}#/$defs/refundRequest`,
  orderRefund: `${order.$id}#/$defs/refund`,
  giftItems: gift.$id,
  giftToBasket: `${gift.$id}#/$defs/giftToBasket`,
  giftBasket: `${gift.$id}#/$defs/giftBasket`,
  giftCheck: `${gift.$id}#/$defs/giftCheck`,
  giftRedemption: `${gift.$id}#/$defs/giftRedemption`,
  planChangeOptions: planChange.$id,
  planChangeQuote: `${planChange.$id}#/$defs/planChangeQuote`,
  planChangeRequest: `${planChange.$id}#/$defs/planChangeRequest`,
  planChangeResult: `${planChange.$id}#/$defs/planChangeResult`,
  accountPartition: partition.$id,
  partitionData: `${partition.$id}#/$defs/partitionData`,
  voucher: voucher.$id,
  voucherRule: voucherRule.$id,
  analyticsBatch: analytics.$id,
  analyticsSummary: `${analytics.$id}#/$defs/analyticsSummary`,
  watchRoom: watchRoom.$id,
  watchRoomCreate: `${watchRoom.$id}#/$defs/watchRoomCreate`,
  watchRoomCommand: `${watchRoom.$id}#/$defs/watchRoomCommand`,
  watchRoomReaction: `${watchRoom.$id}#/$defs/watchRoomReaction`,
  contentAuditLog: contentHistory.$id,
  publishRequest: `${contentHistory.$id}#/$defs/publishRequest`,
} as const;

export type BodySchemaName = keyof typeof bodySchemaIds;
