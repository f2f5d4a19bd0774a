/** What server/http.ts hands every Remix loader and action. */
export interface PlatformLoadContext {
  requestId: string;
  /** Accumulates time spent in platform calls for the Server-Timing header. */
  timing: { platformMs: number; platformCalls: number };
  /** Where the platform lives: the in-process one, or API_BASE_URL. */
  platformBaseUrl: string;
  platformFetch: (request: Request) => Promise<Response>;
  /** Names the realm of this request in the request log. */
  setRealm: (realm: string) => void;
  /**
   * The viewer's network address as the host vouches for it (signed, opaque to the web app),
   * passed to the platform for per-address limits.
   */
  clientAddress?: string;
  /** The viewer's User-Agent, passed on so the platform can name the device a session is on. */
  userAgent?: string;
  /**
   * The session cookie to send with this request's answer (Set-Cookie), when something changed
   * the session: a refresh, a sign-in, a sign-out. The last writer wins; the server adds it.
   */
  sessionCookie?: string;
  /** The access token of this request's viewer, once known. */
  viewerToken?: string;
  /** Refreshes the viewer's session (once, however many ask) and gives the new access token. */
  refreshViewer?: () => Promise<string | undefined>;
  /**
   * Set when the host may share this request's answer with every viewer like this one (a
   * checked-in guest, app/session/shared-viewer.server.ts): the session cookie alone does not
   * make the page private.
   */
  sharedViewer?: string;
  /** How the viewer's session cookie is signed and sent. */
  session: { secret: string; secure: boolean };
  /**
   * Headers an edge proxy set on the viewer's request for the platform (the VPN verdict named
   * by VPN_HEADER), passed on by calls that ask the platform about this viewer.
   */
  edgeHeaders?: Record<string, string>;
  /**
   * The edge's word on the viewer's territory (the header TERRITORY_HEADER names), passed on
   * by playback calls, which the platform geo-blocks by it.
   */
  territoryHeaders?: Record<string, string>;
  /** The browser's hls.js chunk, which watch pages name so it loads with the page. */
  hlsChunkUrl?: string;
  /** What the browser reports its errors as (version and build), and how many browsers do. */
  errorTracing?: { release: string; sampleRate: number };
  /** The nonce the page's inline scripts carry; the answer's Content-Security-Policy names it. */
  cspNonce?: string;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PlatformLoadContext {}
}

declare module "@remix-run/node" {
  // Single fetch is on (remix.config.js): loader data types unwrap `data()` accordingly.
  interface Future {
    v3_singleFetch: true;
  }
}
