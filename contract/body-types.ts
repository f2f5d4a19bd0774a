import type { Card } from "../contract/generated/card.ts";
import type { InitResponse } from "../contract/generated/init-response.ts";
import type { ResultSet } from "../contract/generated/result-set.ts";
import type { WatchHistory } from "../contract/generated/watch-history.ts";
import type { AdminUserList } from "./generated/admin-users.ts";
import type { AdminOrderList } from "./generated/admin-orders.ts";
import type { AdminDocumentList } from "./generated/admin-documents.ts";
import type { AddressInput, BillingDetails } from "./generated/address-input.ts";
import type { Address, AddressList } from "./generated/addresses.ts";
import type { SavedCards } from "./generated/saved-cards.ts";
import type { LanguageChange } from "./generated/language-change.ts";
import type { PlaybackPreferences } from "./generated/playback-preferences.ts";
import type {
  PlanChangeOptions,
  PlanChangeQuote,
  PlanChangeRequest,
  PlanChangeResult,
} from "./generated/plan-change.ts";
import type { AccountPartition, PartitionData } from "./generated/partition.ts";
import type {
  WatchRoom,
  WatchRoomCommand,
  WatchRoomCreate,
  WatchRoomReaction,
} from "./generated/watch-room.ts";
import type { ContentAuditLog, PublishRequest } from "./generated/content-history.ts";
import type {
  PaymentDetails,
  PaymentDetailsList,
  PaymentSwitch,
  PaymentSwitchConfirmation,
  PaymentSwitchRequest,
} from "./generated/payment-details.ts";
import type { ApiErrorBody } from "./generated/error.ts";
import type { ConsentAnswersUpdate } from "./generated/consent-answers-update.ts";
import type { ConsentAnswers } from "./generated/consent-answers.ts";
import type { ConsentPrompt } from "./generated/consent-prompt.ts";
import type {
  EventDetail,
  NewsDetail,
  PlaylistDetail,
  SeasonDetail,
  SeriesDetail,
  VideoDetail,
} from "./generated/content-detail.ts";
import type { Credentials } from "./generated/credentials.ts";
import type { EpgGrid } from "./generated/epg.ts";
import type { Fighter, FighterList } from "./generated/fighters.ts";
import type { ImpersonationSession } from "./generated/impersonation-session.ts";
import type { JsonObject } from "./generated/json-object.ts";
import type { LocaleData } from "./generated/locale-data.ts";
import type { RealmFolderCheck } from "./generated/realm-folder-check.ts";
import type { MissingInformation } from "./generated/missing-information.ts";
import type { OutboxList } from "./generated/outbox.ts";
import type {
  ClientErrorAccepted,
  ClientErrorBatch,
  ClientErrorGroups,
} from "./generated/client-errors.ts";
import type { ParentalControl } from "./generated/parental-control.ts";
import type { PlaybackGrant } from "./generated/playback.ts";
import type { ProfileSwitch } from "./generated/profile-switch.ts";
import type { ProfileList } from "./generated/profiles.ts";
import type { PromoNotifications } from "./generated/promo-notifications.ts";
import type { RealmDirectory } from "./generated/realm-directory.ts";
import type { RealmLookup } from "./generated/realm-lookup.ts";
import type { ReferralSession } from "./generated/referral-session.ts";
import type { RefreshRequest } from "./generated/refresh-request.ts";
import type { SearchBuckets } from "./generated/search-buckets.ts";
import type {
  ListChange,
  ListDetail,
  ListMembership,
  ListName,
  ListOrder,
  ViewerList,
  ViewerLists,
} from "./generated/viewer-lists.ts";
import type { SessionTokens } from "./generated/session-tokens.ts";
import type { SitemapListing } from "./generated/sitemap-listing.ts";
import type { UserDetailsUpdate } from "./generated/user-details-update.ts";
import type { UserDetails } from "./generated/user-details.ts";
import type { WatchItem } from "./generated/watch-item.ts";
import type {
  AccountDeletion,
  AccountSessions,
  AccountSubscription,
  AccountSubscriptions,
  LinkedProviders,
  PasswordChange,
  PaymentHistory,
} from "./generated/account.ts";
import type { Basket } from "./generated/basket.ts";
import type {
  GiftBasket,
  GiftCheck,
  GiftItems,
  GiftRedemption,
  GiftToBasket,
} from "./generated/gift.ts";
import type {
  BasketPayment,
  Order,
  OrderConfirmation,
  PaymentNotification,
  RefundRequest,
  OrderRefund,
} from "./generated/order.ts";
import type {
  ExternalAuthorization,
  ExternalAuthorizationRequest,
  ExternalSignInRequest,
} from "./generated/external-sign-in.ts";
import type { CancellationPromo } from "../schemas/generated/cancellation-promo.ts";
import type { Licence } from "../schemas/generated/licence.ts";
import type { VoucherRule } from "../schemas/generated/voucher-rule.ts";
import type { AnalyticsBatch, AnalyticsSummary } from "./generated/analytics.ts";
import type { Voucher } from "../schemas/generated/voucher.ts";
import type { BodySchemaName } from "./schemas/index.ts";

/** The generated type of each body schema, by the name the endpoint table uses. */
export interface BodyTypes {
  accountSubscription: AccountSubscription;
  accountSubscriptions: AccountSubscriptions;
  cancellationPromo: CancellationPromo;
  adminUsers: AdminUserList;
  adminOrders: AdminOrderList;
  adminDocuments: AdminDocumentList;
  apiErrorBody: ApiErrorBody;
  basket: Basket;
  basketPayment: BasketPayment;
  card: Card;
  consentAnswers: ConsentAnswers;
  consentAnswersUpdate: ConsentAnswersUpdate;
  consentPrompt: ConsentPrompt;
  credentials: Credentials;
  epgGrid: EpgGrid;
  eventDetail: EventDetail;
  fighter: Fighter;
  fighterList: FighterList;
  giftBasket: GiftBasket;
  giftCheck: GiftCheck;
  giftItems: GiftItems;
  giftRedemption: GiftRedemption;
  giftToBasket: GiftToBasket;
  impersonationSession: ImpersonationSession;
  initResponse: InitResponse;
  jsonObject: JsonObject;
  licence: Licence;
  listChange: ListChange;
  listDetail: ListDetail;
  listMembership: ListMembership;
  listName: ListName;
  listOrder: ListOrder;
  localeData: LocaleData;
  missingInformation: MissingInformation;
  newsDetail: NewsDetail;
  order: Order;
  address: Address;
  addressInput: AddressInput;
  addressList: AddressList;
  billingDetails: BillingDetails;
  savedCards: SavedCards;
  languageChange: LanguageChange;
  playbackPreferences: PlaybackPreferences;
  planChangeOptions: PlanChangeOptions;
  planChangeQuote: PlanChangeQuote;
  planChangeRequest: PlanChangeRequest;
  planChangeResult: PlanChangeResult;
  accountPartition: AccountPartition;
  partitionData: PartitionData;
  watchRoom: WatchRoom;
  watchRoomCreate: WatchRoomCreate;
  watchRoomCommand: WatchRoomCommand;
  watchRoomReaction: WatchRoomReaction;
  contentAuditLog: ContentAuditLog;
  publishRequest: PublishRequest;
  paymentDetails: PaymentDetails;
  paymentDetailsList: PaymentDetailsList;
  paymentSwitch: PaymentSwitch;
  paymentSwitchConfirmation: PaymentSwitchConfirmation;
  paymentSwitchRequest: PaymentSwitchRequest;
  passwordChange: PasswordChange;
  accountSessions: AccountSessions;
  linkedProviders: LinkedProviders;
  accountDeletion: AccountDeletion;
  paymentHistory: PaymentHistory;
  orderConfirmation: OrderConfirmation;
  paymentNotification: PaymentNotification;
  refundRequest: RefundRequest;
  orderRefund: OrderRefund;
  outbox: OutboxList;
  clientErrorBatch: ClientErrorBatch;
  clientErrorAccepted: ClientErrorAccepted;
  clientErrorGroups: ClientErrorGroups;
  parentalControl: ParentalControl;
  playbackGrant: PlaybackGrant;
  playlistDetail: PlaylistDetail;
  profileList: ProfileList;
  profileSwitch: ProfileSwitch;
  promoNotifications: PromoNotifications;
  realmDirectory: RealmDirectory;
  realmFolderCheck: RealmFolderCheck;
  realmLookup: RealmLookup;
  referralSession: ReferralSession;
  refreshRequest: RefreshRequest;
  externalSignInRequest: ExternalSignInRequest;
  externalAuthorizationRequest: ExternalAuthorizationRequest;
  externalAuthorization: ExternalAuthorization;
  resultSet: ResultSet;
  searchBuckets: SearchBuckets;
  seasonDetail: SeasonDetail;
  seriesDetail: SeriesDetail;
  sessionTokens: SessionTokens;
  sitemapListing: SitemapListing;
  userDetails: UserDetails;
  userDetailsUpdate: UserDetailsUpdate;
  videoDetail: VideoDetail;
  voucher: Voucher;
  voucherRule: VoucherRule;
  analyticsBatch: AnalyticsBatch;
  analyticsSummary: AnalyticsSummary;
  watchHistory: WatchHistory;
  viewerList: ViewerList;
  viewerLists: ViewerLists;
  watchItem: WatchItem;
}

// Every schema has its type, and nothing else is listed.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const everySchemaTyped: Exact<keyof BodyTypes, BodySchemaName> = true;
