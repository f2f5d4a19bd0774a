import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { Hono, type Context } from "hono";
import { WORKBENCH_PATH } from "./body-limit.ts";
import { noticesDependOnRequest } from "../app/notices/notices.server.ts";
import { sharedViewerKey } from "../app/session/shared-viewer.server.ts";
import { deviceClass } from "../app/realm/device.ts";
import {
  arrivingClientAddress,
  clientAddressKey,
  vouchForClientAddress,
  vouchedClientAddress,
} from "./client-address.ts";
import { PageCache, type PageCacheOptions } from "./page-cache.ts";
import { treeRequestHandler } from "./route-trees.ts";
import { keepPersonalAnswerPrivate, privateOnTheWayOut } from "./private-answer.ts";
import { isUnservablePath } from "./unservable-path.ts";
import { forwardToPlatform } from "./platform-proxy.ts";
import { compressAnswers } from "./compression.ts";
import { createPlatformApi } from "../platform/api/app.ts";
import { createTokenIssuer } from "../platform/auth/tokens.ts";
import { HEADERS } from "../contract/headers.ts";
import { imageRoutes } from "../platform/media/image-route.ts";
import { inputGuards } from "./input-guards.ts";
import { oauthTestClient } from "./oauth-test-client.ts";
import { cspReports } from "./csp-report.ts";
import { addSecurityHeaders, arrivedOverHttps, cspNonce } from "./security-headers.ts";
import { mediaOrigin } from "../platform/media/origin.ts";
import { resolveSecret } from "../platform/auth/secrets.ts";
import { isStoreUnreachable, type Store } from "../platform/store/store.ts";
import {
  inProcessBus,
  type CacheInvalidation,
  type InvalidationBus,
} from "../platform/store/invalidation-bus.ts";
import type { PlatformLoadContext } from "../app/api-client/context.ts";
import { ERROR_TRACING } from "../contract/error-tracing.ts";

export interface ServerAppOptions {
  /** The platform's store. Without one, `apiBaseUrl` names the platform this server fronts. */
  store?: Store;
  /** Secret of the platform's access tokens (required with a store). */
  tokenSecret?: string;
  /** Secret that signs the viewer's session cookie. */
  sessionSecret: string;
  /** The Remix server build; omit to serve only the platform, media and static files. */
  build?: ServerBuild;
  /** The build's hls.js chunk (server/client-chunks.ts), which watch pages preload. */
  hlsChunkUrl?: string;
  /** What browsers report their errors as (version and build) and how many of them do. */
  errorTracing?: { release: string; sampleRate: number };
  mode?: "production" | "development" | "test";
  /** Another platform to call instead of the embedded one. */
  apiBaseUrl?: string;
  publicDir?: string;
  log?: (line: Record<string, unknown>) => void;
  /** The in-process cache of anonymous pages (server/page-cache.ts); `false` turns it off. */
  pageCache?: PageCacheOptions | false;
  /** Trusted request header carrying an edge proxy's VPN verdict (`VPN_HEADER`). */
  vpnHeader?: string;
  /** Origin of links in emails (`PUBLIC_URL`); the request's own origin when unset. */
  publicUrl?: string;
  /** Trusted request header carrying the viewer's territory (`TERRITORY_HEADER`). */
  territoryHeader?: string;
  /** Signs media URLs (`MEDIA_SIGNING_SECRET`); unset: generated and kept in the store. */
  mediaSigningSecret?: string;
  /** How long this server trusts that a session is still on (default `SESSION_CACHE_MS`). */
  sessionCacheMs?: number;
  /**
   * How servers sharing the store tell each other that cached answers are out of date
   * (platform/store/invalidation-bus.ts); default: this process alone.
   */
  invalidation?: InvalidationBus;
  /** The clock of the platform's caches (default: the wall clock); tests move it by hand. */
  now?: () => number;
  /** Proxies of our own in front of this server (`TRUST_PROXY`): 0 takes the socket's peer. */
  trustProxy?: number;
}

const schemasDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../schemas");

/** Admin preview pages, with or without the `/realm/{name}` prefix (and their `.data` loads). */
const PREVIEW_PATH = /^(\/realm\/[^/]+)?\/preview(\/|\.data$|$)/;

/** Hosts of an earlier generation of the product (dce., test., shd.). */
const LEGACY_HOST = /^(dce|test|shd)\./i;

/** Base URL the web app uses for the embedded platform; requests to it never leave the process. */
export const IN_PROCESS_PLATFORM = "http://platform.internal";

type Vars = {
  Variables: {
    requestId: string;
    realm?: string;
    timing: PlatformLoadContext["timing"];
    /** The nonce of this answer's inline scripts, named by its Content-Security-Policy. */
    cspNonce: string;
    /** The viewer's address as this request arrived (server/client-address.ts). */
    clientAddress?: string;
  };
};

/** The socket peer of a request served by @hono/node-server (absent in in-memory tests). */
function peerAddress(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
    ?.socket?.remoteAddress;
}

/** One HTTP app: platform API, media, images, static files and the Remix web app. */
export function createServerApp(options: ServerAppOptions) {
  const { store, apiBaseUrl } = options;
  const invalidation = options.invalidation ?? inProcessBus();
  if (!store && !apiBaseUrl) throw new Error("createServerApp needs a store or an apiBaseUrl");
  const publicDir = options.publicDir ?? path.resolve("public");
  const log = options.log ?? ((line) => process.stdout.write(`${JSON.stringify(line)}\n`));
  const app = new Hono<Vars>();
  // A web tier and its platform share the session secret, so the platform believes the web
  // tier's word on whose request it passes on, and nobody else's.
  const addressKey = clientAddressKey(options.sessionSecret);
  const vouch = (address: string | undefined) =>
    address ? vouchForClientAddress(address, addressKey) : undefined;

  const logError = (error: unknown, requestId: string) =>
    log({ level: "error", requestId, error: error instanceof Error ? error.stack : String(error) });
  if (store && !options.tokenSecret) throw new Error("createServerApp needs a tokenSecret");
  const mediaSecret = store
    ? once(() => resolveSecret(store.db, "media-signing", options.mediaSigningSecret))
    : undefined;
  const platform = store
    ? createPlatformApi({
        store,
        tokens: createTokenIssuer(options.tokenSecret!),
        onError: logError,
        vpnHeader: options.vpnHeader,
        territoryHeader: options.territoryHeader,
        mediaSecret: mediaSecret!,
        sessionCacheMs: options.sessionCacheMs,
        now: options.now,
        invalidation,
      })
    : undefined;

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header(HEADERS.requestId) ?? crypto.randomUUID();
    const timing = { platformMs: 0, platformCalls: 0 };
    c.set("requestId", requestId);
    c.set("timing", timing);
    c.set("cspNonce", cspNonce());
    c.set(
      "clientAddress",
      arrivingClientAddress(
        peerAddress(c),
        c.req.header("X-Forwarded-For"),
        options.trustProxy ?? 0,
      ),
    );
    await next();
    const duration = performance.now() - started;
    c.header(HEADERS.requestId, requestId);
    // c.header made the answer's headers a copy of our own, so they may be changed in place.
    addSecurityHeaders(c.res.headers, {
      nonce: c.get("cspNonce"),
      url: new URL(c.req.url),
      https: arrivedOverHttps(c.req.raw, options.publicUrl),
    });
    if (!c.req.path.startsWith("/build/")) {
      const render = Math.max(0, duration - timing.platformMs);
      c.header(
        "Server-Timing",
        `platform;dur=${timing.platformMs.toFixed(1)};desc="${timing.platformCalls} call(s)", render;dur=${render.toFixed(1)}, total;dur=${duration.toFixed(1)}`,
      );
    }
    log({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round(duration * 10) / 10,
      realm: c.get("realm") ?? c.req.header(HEADERS.realm) ?? null,
      requestId,
    });
  });

  // Pages, JSON and playlists leave compressed; /build files were compressed at build time.
  app.use(compressAnswers());

  // Before any route, web or platform, reads the address or the body.
  app.use(...inputGuards());

  // Healthy means able to serve: the store answers, or (web tier) the platform says it does.
  app.get("/healthz", async (c) => {
    const kind = store?.kind ?? "remote";
    try {
      await withTimeout(store ? store.ping() : upstreamHealth(apiBaseUrl!), 2_000);
      return c.json({ status: "ok", store: kind });
    } catch {
      return c.json({ status: "unavailable", store: kind }, 503);
    }
  });

  if (!platform) {
    const forward = (c: Context<Vars>) =>
      forwardToPlatform(c, apiBaseUrl!, c.get("requestId"), vouch(c.get("clientAddress")));
    app.all("/api/*", forward);
    app.get("/images/*", forward);
    app.get("/media/*", forward);
  } else {
    app.all("/api/*", (c) =>
      platform.fetch(c.req.raw, {
        requestId: c.get("requestId"),
        clientAddress:
          vouchedClientAddress(c.req.header(HEADERS.clientAddress), addressKey) ??
          c.get("clientAddress"),
        publicUrl: options.publicUrl,
      }),
    );
    app.route("/images", imageRoutes(store!));
    // Signed per-video and per-event streams; the sample itself stays a public static file.
    app.route(
      "/media",
      mediaOrigin({
        store: store!,
        mediaSecret: mediaSecret!,
        sampleDir: path.join(publicDir, "media/sample"),
      }),
    );
  }

  app.route("/", oauthTestClient);
  app.route("/", cspReports(log));

  app.use("/media/*", async (c, next) => {
    await next();
    // serveStatic has no type for HLS playlists.
    if (c.res.ok && c.req.path.endsWith(".m3u8"))
      c.header("Content-Type", "application/vnd.apple.mpegurl");
  });
  app.use(
    "/media/*",
    serveStatic({
      root: publicDir,
      onFound: (file, c) => {
        c.header(
          "Cache-Control",
          file.endsWith(".m3u8") ? "public, max-age=60" : "public, max-age=86400",
        );
        c.header("Access-Control-Allow-Origin", "*");
      },
    }),
  );

  // Config schemas, so editors resolve "$schema" URLs; only *.schema.json, never the code beside.
  app.use("/schemas/*", async (c, next) => {
    if (!/^\/schemas\/[a-z0-9/-]+\.schema\.json$/.test(c.req.path)) {
      return c.json({ status: 404, code: "NOT_FOUND", messages: ["No such schema"] }, 404);
    }
    await next();
    if (c.res.ok) c.header("Content-Type", "application/schema+json");
  });
  app.use(
    "/schemas/*",
    serveStatic({
      root: path.dirname(schemasDir),
      onFound: (_file, c) => c.header("Cache-Control", "public, max-age=300"),
    }),
  );
  app.all("/schemas/*", (c) =>
    c.json({ status: 404, code: "NOT_FOUND", messages: ["No such schema"] }, 404),
  );

  // Remix fingerprints everything under /build/, so it may be cached forever. `npm run build`
  // writes Brotli and gzip copies of each file (scripts/compress-assets.ts), sent to browsers
  // that accept them.
  app.use(
    "/build/*",
    serveStatic({
      root: publicDir,
      precompressed: true,
      onFound: (_file, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
        c.header("Vary", "Accept-Encoding");
      },
    }),
  );
  app.use(
    "/*",
    serveStatic({
      root: publicDir,
      onFound: (_file, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  // Images and media share the store: an outage there is a 503 too, never a bare 500.
  app.onError((error, c) => {
    if (isStoreUnreachable(error)) {
      return c.json(
        {
          status: 503,
          code: "STORE_UNAVAILABLE",
          messages: ["The store cannot be reached; try again shortly"],
          requestId: c.get("requestId"),
        },
        503,
      );
    }
    logError(error, c.get("requestId"));
    return c.json(
      {
        status: 500,
        code: "GENERIC",
        messages: ["Something went wrong on our side"],
        requestId: c.get("requestId"),
      },
      500,
    );
  });

  if (options.build) {
    const handle = treeRequestHandler(options.build, options.mode ?? "production");
    // The web app's own calls carry the viewer's address as this host vouched for it.
    // Links the platform mails (confirmation, password reset, magic link) lead to the site the
    // viewer used: PUBLIC_URL, else the origin of the viewer's own request, never the in-process
    // platform's internal address.
    const internalFetch = async (request: Request, viewerOrigin: string) =>
      platform!.fetch(request, {
        requestId: request.headers.get(HEADERS.requestId) ?? undefined,
        clientAddress: vouchedClientAddress(request.headers.get(HEADERS.clientAddress), addressKey),
        publicUrl: options.publicUrl ?? viewerOrigin,
      });
    const pageCache =
      options.pageCache === false
        ? undefined
        : new PageCache<string>({
            // Pages differ by device class, not by browser version (app/realm/device.ts).
            normalize: { "user-agent": deviceClass },
            onRefreshError: (error) =>
              log({
                level: "error",
                msg: "page cache refresh failed",
                error: error instanceof Error ? error.stack : String(error),
              }),
            ...options.pageCache,
          });
    // What the store says changed, on this server or another, leaves no cached answer behind.
    const appCaches = (options.build.entry.module as EntryModule).invalidateAppCaches;
    invalidation.subscribe((message) => {
      if (message.kind === "sessions" || message.kind === "room") return;
      pageCache?.clear();
      appCaches?.(message);
    });
    app.all("*", async (c) => {
      const url = new URL(c.req.url);
      const viewerOrigin = `${arrivedOverHttps(c.req.raw, options.publicUrl) ? "https:" : url.protocol}//${url.host}`;
      if (isUnservablePath(url.pathname)) {
        return c.text("The path holds a backslash or a control character", 400);
      }
      if (LEGACY_HOST.test(url.hostname) && !url.pathname.startsWith("/realm/")) {
        // Old hosts named the realm in the path; its pages now live under /realm/ (spec section 1).
        return c.redirect(`/realm${url.pathname}${url.search}`, 301);
      }
      if (isCrossSiteWrite(c.req.raw, url)) {
        return c.text("Cross-site form submissions are not accepted", 403);
      }
      const edge = edgeHeaders(c.req.raw, options.vpnHeader);
      const territory = edgeHeaders(c.req.raw, options.territoryHeader);
      const sessionSettings = {
        secret: options.sessionSecret,
        secure: options.mode === "production",
      };
      // Pages with notices for this browser or this viewer's network are never shared.
      const shareable =
        pageCache !== undefined && !noticesDependOnRequest(c.req.raw, { edgeHeaders: edge });
      // A checked-in guest's page is the same for every guest like them (decision 019).
      const sharedAs =
        shareable && (c.req.method === "GET" || c.req.method === "HEAD")
          ? await sharedViewerKey(c.req.header("Cookie") ?? null, sessionSettings)
          : undefined;
      // Renders one page; the realm it names comes back so a cached answer can log it too.
      const render = async (request: Request, { background }: { background: boolean }) => {
        let realm: string | undefined;
        // A background refresh is stored, never sent: its nonce is replaced on each replay.
        const nonce = background ? cspNonce() : c.get("cspNonce");
        const context: PlatformLoadContext = {
          requestId: c.get("requestId"),
          // A background refresh must not add its platform time to the visitor's request.
          timing: background ? { platformMs: 0, platformCalls: 0 } : c.get("timing"),
          platformBaseUrl: platform ? IN_PROCESS_PLATFORM : apiBaseUrl!,
          platformFetch: platform
            ? (request: Request) => internalFetch(request, viewerOrigin)
            : (request: Request) => fetch(request),
          setRealm: (name) => {
            realm = name;
            if (!background) c.set("realm", name);
          },
          session: sessionSettings,
          sharedViewer: sharedAs,
          clientAddress: vouch(c.get("clientAddress")),
          userAgent: c.req.header("User-Agent")?.slice(0, 300),
          edgeHeaders: edge,
          territoryHeaders: territory,
          hlsChunkUrl: options.hlsChunkUrl,
          errorTracing: options.errorTracing ?? {
            release: options.build?.assets.version ?? "unknown",
            sampleRate: ERROR_TRACING.defaultSampleRate,
          },
          cspNonce: nonce,
        };
        const response = await handle(request, context as unknown as AppLoadContext);
        if (context.sessionCookie) {
          // The session changed while answering (a refresh, a sign-in).
          response.headers.append("Set-Cookie", context.sessionCookie);
        }
        keepPersonalAnswerPrivate(request, response, { sharedAs });
        const pathname = new URL(request.url).pathname;
        if (PREVIEW_PATH.test(pathname) || WORKBENCH_PATH.test(pathname)) {
          // Whatever the outcome (draft, 403, error page), a preview or the workbench is never
          // stored or indexed.
          response.headers.set("Cache-Control", "private, no-store");
          response.headers.set("X-Robots-Tag", "noindex, nofollow");
        }
        return { response, meta: realm, nonce };
      };
      if (!pageCache || !shareable) {
        return (await render(c.req.raw, { background: false })).response;
      }
      const answer = await pageCache.handle(c.req.raw, render, {
        nonce: c.get("cspNonce"),
        sharedAs,
      });
      if (answer.meta) c.set("realm", answer.meta);
      // Shared inside this server only: to the browser and anything between, it carries a session.
      return sharedAs === undefined ? answer.response : privateOnTheWayOut(answer.response);
    });
  }
  return app;
}

/** What server/http.ts reads of the build's entry module (app/entry.server.tsx) beside Remix. */
interface EntryModule {
  invalidateAppCaches?: (message: CacheInvalidation) => void;
}

/**
 * A form post, fetcher or action call from another site: refused before any action runs, as
 * the session cookie (SameSite=Lax) is the only thing such a request could borrow. Browsers send
 * Origin with every POST; without it, Sec-Fetch-Site tells.
 */
function isCrossSiteWrite(request: Request, url: URL): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") {
    return false;
  }
  const origin = request.headers.get("Origin");
  if (origin === "null") return true;
  // Hosts, not origins: behind a TLS-terminating proxy this server sees http:// for https://.
  if (origin) return !URL.canParse(origin) || new URL(origin).host !== url.host;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/** An edge header about the viewer, for the web app to pass on when it asks about them. */
function edgeHeaders(request: Request, name: string | undefined): Record<string, string> {
  const value = name ? request.headers.get(name) : null;
  return name && value ? { [name]: value } : {};
}

/** A value computed on first use and kept; a failure is forgotten so the next call tries again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    }));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref(),
    ),
  ]);
}

async function upstreamHealth(baseUrl: string): Promise<void> {
  const res = await fetch(new URL("/healthz", baseUrl));
  if (!res.ok) throw new Error(`platform health ${res.status}`);
}
