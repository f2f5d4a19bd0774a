/**
 * Typed client of the platform contract (spec section 7). Used by loaders and actions; it holds
 * no secret, only the realm's public API key and the viewer's token.
 */
import {
  ENDPOINTS,
  endpointPath,
  type Endpoint,
  type EndpointName,
  type ParamsOf,
  type RequestOf,
  type ResponseOf,
} from "../../contract/endpoints.ts";
import { HEADERS } from "../../contract/headers.ts";

export interface PlatformClientOptions {
  /** Origin of the platform; paths are resolved against `${baseUrl}/api`. */
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  appId: string;
  appVersion?: string;
  realm?: string;
  apiKey?: string;
  deviceId?: string;
  /** Active locale, stored locale or browser language; `_` is sent as `-`. */
  locale?: string;
  token?: string;
  requestId?: string;
  /** The host's signed word on the viewer's address (X-Client-Address), for per-address limits. */
  clientAddress?: string;
  /** The viewer's browser (its User-Agent), which the platform keeps with a new session. */
  userAgent?: string;
  /**
   * Called when the platform refuses the viewer's token as expired or invalid: resolves to a
   * fresh one (a refresh, shared by concurrent callers) for one retry, or undefined.
   */
  onUnauthorized?: () => Promise<string | undefined>;
  /** The platform replaced the viewer's token (Replacementauthorisation header). */
  onReplaceToken?: (token: string) => void;
  /** Called after every call with its duration, for Server-Timing. */
  onTiming?: (ms: number) => void;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** A list repeats its parameter (`ref=a&ref=b`). */
  query?: Record<string, string | number | boolean | undefined | readonly string[]>;
  body?: unknown;
  /** A JSON body sent as written (a config file's text, so problems are placed in it). */
  rawBody?: string;
  /** The call needs a signed-in viewer: no token means an error before anything is sent. */
  auth?: boolean;
  /** Calls made before the realm is known (realm lookup) skip the realm and key headers. */
  anonymous?: boolean;
  /** More request headers, such as the edge's verdicts about the viewer (VPN_HEADER). */
  headers?: Record<string, string>;
  /** Sees the answer's headers (a successful one), for those that carry news such as X-Vpn-Status. */
  onHeaders?: (headers: Headers) => void;
  /** Ends the request (and a streamed answer) when the caller goes away. */
  signal?: AbortSignal;
}

/** A call named in the endpoint table: its parameters, body and per-call extras. */
export type CallOptions<N extends EndpointName> = Pick<
  RequestOptions,
  "query" | "headers" | "onHeaders"
> &
  ([keyof ParamsOf<N>] extends [never] ? { params?: never } : { params: ParamsOf<N> }) &
  (RequestOf<N> extends undefined ? { body?: never } : { body?: RequestOf<N> });

/** An error answer of the platform, or a call that could not be made. */
export class PlatformError extends Error {
  override name = "PlatformError";
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messages: string[],
    readonly requestId?: string,
    /** The error body's `details` (a challenge, field problems, retryAfterSeconds...). */
    readonly details?: Record<string, unknown>,
  ) {
    super(`${status} ${code}: ${messages.join("; ")}`);
  }
}

/** 401 codes that a fresh access token may cure (as opposed to a refused sign-in). */
const TOKEN_CODES = new Set(["TOKEN_EXPIRED", "INVALID_TOKEN"]);

export const APP_ID = "streaming-web";

// Basket and gifts live on v4 of the contract; callers may name them with the usual v2 prefix.
const V4_RESOURCES = /^\/v2\/(basket|gifts|redeem-gift|add-gift-to-basket)(\/|\?|$)/;

export function resolvePath(path: string): string {
  return V4_RESOURCES.test(path) ? path.replace(/^\/v2\//, "/v4/") : path;
}

export function resolveUrl(baseUrl: string, path: string, query?: RequestOptions["query"]): URL {
  const url = /^https?:\/\//.test(path)
    ? new URL(path)
    : new URL(
        `${baseUrl.replace(/\/+$/, "")}/api${resolvePath(path.startsWith("/") ? path : `/${path}`)}`,
      );
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** An unparseable or empty body is treated as `{}` rather than failing the caller. */
export function parseBody(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export function createPlatformClient(options: PlatformClientOptions) {
  let serverTimeOffsetMs = 0;
  let token = options.token;

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    try {
      return await send<T>(path, init);
    } catch (error) {
      if (
        !(error instanceof PlatformError) ||
        error.status !== 401 ||
        !TOKEN_CODES.has(error.code) ||
        !token ||
        !options.onUnauthorized
      ) {
        throw error;
      }
      const fresh = await options.onUnauthorized();
      if (!fresh) throw error;
      token = fresh;
      return send<T>(path, init);
    }
  }

  async function send<T>(path: string, init: RequestOptions): Promise<T> {
    const response = await exchange(path, init);
    const body = parseBody(await response.text());
    if (!response.ok) throw platformErrorOf(response, body);
    init.onHeaders?.(response.headers);
    return body as T;
  }

  /** Sends one request with the contract's headers; the answer's clock and token are taken. */
  async function exchange(path: string, init: RequestOptions): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("Accept")) headers.set("Accept", "application/json");
    headers.set(HEADERS.app, options.appId);
    if (init.body !== undefined || init.rawBody !== undefined) {
      headers.set("Content-Type", "application/json");
    }
    if (options.appVersion) headers.set(HEADERS.appVersion, options.appVersion);
    if (options.deviceId) headers.set(HEADERS.deviceId, options.deviceId);
    if (options.locale) headers.set("Accept-Language", options.locale.replace(/_/g, "-"));
    if (options.requestId) headers.set(HEADERS.requestId, options.requestId);
    if (options.clientAddress) headers.set(HEADERS.clientAddress, options.clientAddress);
    if (options.userAgent) headers.set("User-Agent", options.userAgent);
    if (!init.anonymous) {
      if (!options.realm)
        throw new PlatformError(0, "MISSING_REALM", ["No realm is set for this call"]);
      if (!options.apiKey)
        throw new PlatformError(0, "MISSING_API_KEY", ["No API key is set for this call"]);
      headers.set(HEADERS.realm, options.realm);
      headers.set(HEADERS.apiKey, options.apiKey);
    }
    if (init.auth && !token) {
      throw new PlatformError(401, "AUTHENTICATION_REQUIRED", [
        "This call needs a signed-in viewer",
      ]);
    }
    // A signed-in viewer's token goes with every call, so answers can depend on who asks.
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const url = resolveUrl(options.baseUrl, path, init.query);
    const started = performance.now();
    let response: Response;
    try {
      response = await options.fetch(
        new Request(url, {
          method: init.method ?? "GET",
          headers,
          body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
          signal: init.signal,
        }),
      );
    } catch (error) {
      throw new PlatformError(503, "PLATFORM_UNREACHABLE", [
        `The platform could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      ]);
    } finally {
      options.onTiming?.(performance.now() - started);
    }
    const date = response.headers.get("Date");
    if (date && !Number.isNaN(Date.parse(date))) serverTimeOffsetMs = Date.parse(date) - Date.now();
    const replacement = response.headers.get(HEADERS.replacementAuthorisation);
    if (replacement) {
      token = replacement;
      options.onReplaceToken?.(replacement);
    }
    return response;
  }

  /**
   * Calls an endpoint of the table (contract/endpoints.ts): its method, path, whether it needs
   * a viewer and the type of its answer all come from there.
   */
  function call<N extends EndpointName>(
    name: N,
    ...[init]: Partial<CallOptions<N>> extends CallOptions<N> ? [CallOptions<N>?] : [CallOptions<N>]
  ): Promise<ResponseOf<N>> {
    const endpoint: Endpoint = ENDPOINTS[name];
    const { params, body, ...rest } = (init ?? {}) as CallOptions<N> & {
      params?: Record<string, string | number>;
      body?: unknown;
    };
    return request<ResponseOf<N>>(endpointPath(endpoint.path, params), {
      ...rest,
      method: endpoint.method,
      body,
      auth: endpoint.auth === "viewer" || endpoint.auth === "admin",
      anonymous: endpoint.auth === "public",
    });
  }

  /**
   * A streamed answer (Server-Sent Events) handed over unread; a refusal is thrown as usual.
   * No token refresh: a stream is opened again by its client, which refreshes through a page.
   */
  async function stream(path: string, init: Omit<RequestOptions, "method" | "body"> = {}) {
    const response = await exchange(path, {
      ...init,
      method: "GET",
      headers: { ...init.headers, Accept: "text/event-stream" },
    });
    if (!response.ok) throw platformErrorOf(response, parseBody(await response.text()));
    return response;
  }

  return {
    request,
    call,
    stream,
    baseUrl: options.baseUrl,
    get: <T>(path: string, init: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...init, method: "GET" }),
    post: <T>(path: string, body?: unknown, init: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...init, method: "POST", body }),
    put: <T>(path: string, body?: unknown, init: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...init, method: "PUT", body }),
    delete: <T>(path: string, init: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...init, method: "DELETE" }),
    /** Platform clock minus local clock, from the last response's Date header. */
    get serverTimeOffsetMs() {
      return serverTimeOffsetMs;
    },
    get token() {
      return token;
    },
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;

/** The platform's refusal as an error: its code, messages and request id. */
function platformErrorOf(response: Response, body: unknown): PlatformError {
  const error = (body ?? {}) as {
    code?: unknown;
    messages?: unknown;
    requestId?: unknown;
    details?: unknown;
  };
  return new PlatformError(
    response.status,
    typeof error.code === "string" ? error.code : "GENERIC",
    Array.isArray(error.messages)
      ? error.messages.map(String)
      : [response.statusText || "Request failed"],
    typeof error.requestId === "string"
      ? error.requestId
      : (response.headers.get(HEADERS.requestId) ?? undefined),
    typeof error.details === "object" && error.details !== null
      ? (error.details as Record<string, unknown>)
      : undefined,
  );
}
