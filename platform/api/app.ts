import { Hono } from "hono";
import { externalSignIn } from "./external-sign-in.ts";
import { HEADERS } from "../../contract/headers.ts";
import openapi from "../../contract/openapi.json";
import type { TokenIssuer } from "../auth/tokens.ts";
import type { Store } from "../store/store.ts";
import { isStoreUnreachable } from "../store/store.ts";
import { inProcessBus, type InvalidationBus } from "../store/invalidation-bus.ts";
import { liveSessions } from "../identity/live-sessions.ts";
import { admin } from "./admin.ts";
import { analytics } from "./analytics.ts";
import { consent } from "./consent.ts";
import { content } from "./content.ts";
import { epg } from "./epg.ts";
import { guest } from "./guest.ts";
import { history } from "./history.ts";
import { LIST_PATHS, lists, privateAnswer } from "./lists.ts";
import { identity } from "./identity/index.ts";
import { impersonation } from "./impersonation.ts";
import { oauth, realmTokenEndpoint } from "./oauth.ts";
import { endSession, oidcAdmin, oidcProvider } from "./oidc.ts";
import { outbox } from "./outbox.ts";
import type { PlatformEnv } from "./context.ts";
import { requireClient } from "./contract.ts";
import { ApiError, errorJson } from "./errors.ts";
import { init } from "./init.ts";
import { basket } from "./basket.ts";
import { orders, paymentNotifications } from "./orders.ts";
import { gifts } from "./gifts.ts";
import { sandboxAcquirer } from "../sandbox-acquirer/pages.ts";
import { locales } from "./locales.ts";
import { pages } from "./pages.ts";
import { playback } from "./playback.ts";
import { parentalControl } from "./parental-control.ts";
import { profiles } from "./profiles.ts";
import { promoNotifications } from "./promo-notifications.ts";
import { realmRoutes } from "./realm-routes.ts";
import { forgetRealms } from "./realms.ts";
import { referrals } from "./referrals.ts";
import { addresses } from "./addresses.ts";
import { paymentDetails } from "./payment-details.ts";
import { userDetails } from "./user-details.ts";
import { playbackPreferences } from "./playback-preferences.ts";
import { clientErrors } from "./client-errors.ts";
import { customer } from "./customer.ts";
import { planChange } from "./plan-change.ts";
import { partition } from "./partition.ts";
import { search } from "./search.ts";
import { sitemap } from "./sitemap.ts";
import { tv } from "./tv.ts";
import { validateRequestBody } from "./validate-body.ts";
import { watchTogether } from "./watch-together.ts";

export interface PlatformOptions {
  store: Store;
  /** Signs and verifies access tokens. */
  tokens: TokenIssuer;
  /** Called with unexpected errors (the response is a generic 500 either way). */
  onError?: (error: unknown, requestId: string) => void;
  /** Trusted request header in which an edge proxy gives its VPN verdict (`VPN_HEADER`). */
  vpnHeader?: string;
  /** Trusted request header in which an edge proxy gives the viewer's territory. */
  territoryHeader?: string;
  /** The secret media URLs are signed with (platform/media/signing.ts). */
  mediaSecret: () => Promise<string>;
  /** How long a session is trusted to be still on before the store is asked again. */
  sessionCacheMs?: number;
  /** The clock of the platform's caches (default: the wall clock); tests move it by hand. */
  now?: () => number;
  /**
   * Tells every server sharing the store what changed (default: this process alone, right for
   * the embedded store).
   */
  invalidation?: InvalidationBus;
}

/**
 * The platform API (spec section 7) as a Hono app. Mounted by server/main.ts under /api, and
 * called in-process by the web app through app/api-client.
 */
export function createPlatformApi({
  store,
  tokens,
  onError,
  vpnHeader,
  territoryHeader,
  mediaSecret,
  sessionCacheMs,
  now,
  invalidation = inProcessBus(),
}: PlatformOptions) {
  const api = new Hono<PlatformEnv>().basePath("/api");
  const sessions = liveSessions(store.db, { cacheMs: sessionCacheMs, now, invalidation });
  // A realm re-seeded by another process (a second server, `npm run db:seed`) is read again.
  invalidation.subscribe((message) => {
    if (message.kind === "realm" || message.kind === "everything") forgetRealms(store.db);
  });
  api.use(async (c, next) => {
    c.set("store", store);
    c.set("tokens", tokens);
    c.set("sessions", sessions);
    c.set("invalidation", invalidation);
    c.set("vpnHeader", vpnHeader);
    c.set("territoryHeader", territoryHeader);
    c.set("mediaSecret", mediaSecret);
    // The outer server hands over the id it logs, so header, body and log line agree.
    const outer = (c.env as { requestId?: string } | undefined)?.requestId;
    c.set("requestId", outer ?? c.req.header(HEADERS.requestId) ?? crypto.randomUUID());
    await next();
    c.header(HEADERS.requestId, c.get("requestId"));
    // Node adds Date on sockets only; in-process callers need it for their clock offset too.
    if (!c.res.headers.has("Date")) c.header("Date", new Date().toUTCString());
  });
  for (const path of LIST_PATHS) api.use(`/v2${path}`, privateAnswer);
  api.use(validateRequestBody);

  const v1 = new Hono<PlatformEnv>();
  v1.route("/", realmRoutes);
  v1.use("/init", requireClient);
  v1.route("/init", init);
  v1.route("/session", referrals);
  v1.route("/parental-control", parentalControl);

  const v2 = new Hono<PlatformEnv>();
  v2.route("/", realmRoutes);
  v2.use("/*", async (c, next) => {
    // realm-lookup is the only call made before a client knows its key.
    if (c.req.path.endsWith("/realm-lookup")) return next();
    return requireClient(c, next);
  });
  v2.route("/", content);
  v2.route("/", epg);
  v2.route("/", search);
  v2.route("/", pages);
  v2.route("/promo-notification", promoNotifications);
  v2.route("/admin", admin);
  v2.route("/login/guest/checkin", guest);
  v2.route("/", identity);
  v2.route("/admin/outbox", outbox);
  v2.route("/", clientErrors);
  v2.route("/", analytics);
  v2.route("/admin", impersonation);
  v2.route("/admin", oidcAdmin);
  v2.route("/tv", tv);
  v2.route("/user/profiles", profiles);
  v2.route("/", userDetails);
  v2.route("/", playbackPreferences);
  v2.route("/", addresses);
  v2.route("/payment-details", paymentDetails);
  v2.route("/", customer);
  v2.route("/", planChange);
  v2.route("/", partition);
  v2.route("/", consent);
  v2.route("/locale", locales);
  v2.route("/sitemap", sitemap);
  v2.route("/playback", playback);
  v2.route("/watch-together", watchTogether);
  v2.route("/history", history);
  v2.route("/", lists);

  api.route("/v1", v1);
  api.route("/v2", v2);
  // v4 serves the OAuth code flow, checkout's basket and gifts.
  const v4 = new Hono<PlatformEnv>();
  // Before the contract's headers are required: other parties' apps call a realm's token
  // endpoint as RFC 6749 says, without them. Its handler answers, so requireClient never runs.
  v4.route("/oauth2-auth", realmTokenEndpoint);
  // A realm's OpenID provider documents, keys and userinfo, for relying parties anywhere.
  v4.route("/oidc", oidcProvider);
  // A provider's notification carries its own signature, not a client's key.
  v4.route("/payments/notifications", paymentNotifications);
  v4.use("/*", requireClient);
  v4.route("/oauth2-auth", oauth);
  v4.route("/oidc", endSession);
  v4.route("/oidc", externalSignIn);
  v4.route("/basket", basket);
  v4.route("/orders", orders);
  v4.route("/", gifts);
  api.route("/v4", v4);
  // The sandbox acquirer's own pages (a stand-in for a card acquirer's site, on our origin).
  api.route(
    "/sandbox-acquirer",
    sandboxAcquirer((path, init) => Promise.resolve(api.request(path, init))),
  );

  // Generated from the endpoint table by `npm run schemas`, like the types both sides use.
  api.get("/openapi.json", (c) => c.json(openapi));

  api.notFound((c) =>
    errorJson(c, new ApiError(404, "NOT_FOUND", `No endpoint ${c.req.method} ${c.req.path}`)),
  );
  api.onError((error, c) => {
    if (error instanceof ApiError) return errorJson(c, error);
    if (isStoreUnreachable(error)) {
      return errorJson(
        c,
        new ApiError(
          503,
          "STORE_UNAVAILABLE",
          "The platform's store cannot be reached; try again shortly",
        ),
      );
    }
    onError?.(error, c.get("requestId"));
    return errorJson(c, new ApiError(500, "GENERIC", "Something went wrong on our side"));
  });
  return api;
}
