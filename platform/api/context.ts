import type { AccessClaims, TokenIssuer } from "../auth/tokens.ts";
import type { LiveSessions } from "../identity/live-sessions.ts";
import type { InvalidationBus } from "../store/invalidation-bus.ts";
import type { Store } from "../store/store.ts";
import type { RealmRow } from "./realms.ts";

/** What every platform handler can read from the Hono context. */
export interface PlatformEnv {
  Variables: {
    store: Store;
    requestId: string;
    /** Signs and verifies access tokens. */
    tokens: TokenIssuer;
    /** Whether the session an access token names is still on. */
    sessions: LiveSessions;
    /** Tells every server sharing the store that cached answers are out of date. */
    invalidation: InvalidationBus;
    /** Set by `authenticate` when the call carries a valid access token. */
    viewer: AccessClaims | undefined;
    /** Set by `requireClient`: the realm named by the Realm header, verified by its API key. */
    realm: RealmRow;
    deviceId: string | undefined;
    /** The realm language that best matches Accept-Language. */
    locale: string;
    /** Name of the trusted request header carrying the edge's VPN verdict, if configured. */
    vpnHeader: string | undefined;
    /** Name of the trusted request header carrying the viewer's territory, if configured. */
    territoryHeader: string | undefined;
    /** The secret media URLs are signed with. */
    mediaSecret: () => Promise<string>;
  };
}
