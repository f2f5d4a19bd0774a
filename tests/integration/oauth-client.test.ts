import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import { DEMO_CLIENT_ID, demoRedirectUris } from "../../platform/seed/demo-oauth-clients.ts";
import { useServedPlatform } from "../fixtures/served-platform.ts";

/**
 * The OAuth code flow as another party's app runs it: with a maintained client library
 * (oauth4webapi), over HTTP, sending only what RFC 6749 and RFC 7636 ask for.
 */
const platform = useServedPlatform();

type Realm = "arena" | "liga";
const REDIRECT = demoRedirectUris()[0]!;
const tvApp: oauth.Client = { client_id: DEMO_CLIENT_ID };
// The test server speaks plain HTTP on the loopback address.
const overHttp = { [oauth.allowInsecureRequests]: true } as const;

/** A realm as an authorization server, as an app would be configured with it. */
const realmServer = (realm: string): oauth.AuthorizationServer => ({
  issuer: `${platform.url}/realm/${realm}`,
  authorization_endpoint: `${platform.url}/realm/${realm}/authorize`,
  token_endpoint: `${platform.url}/api/v4/oauth2-auth/${realm}/token`,
});

/**
 * The app sends the viewer to the realm's /authorize page, which posts the query it was opened
 * with and the viewer's credentials; answers the callback parameters the app then receives.
 */
async function authorize(realm: Realm = "liga") {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const query = {
    response_type: "code",
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  };
  const res = await platform.call(realm, "/api/v4/oauth2-auth/code", {
    method: "POST",
    body: JSON.stringify({
      ...query,
      credentials: { id: `viewer@${realm}.test`, secret: DEMO_PASSWORD },
    }),
  });
  expect(res.status).toBe(200);
  const { redirectUrl } = (await res.json()) as { redirectUrl: string };
  const callback = oauth.validateAuthResponse(
    realmServer(realm),
    tvApp,
    new URL(redirectUrl),
    state,
  );
  return { callback, verifier, state };
}

const redeemAt = (
  realm: string,
  { callback, verifier }: { callback: URLSearchParams; verifier: string },
  client = tvApp,
) =>
  oauth.authorizationCodeGrantRequest(
    realmServer(realm),
    client,
    oauth.None(),
    callback,
    REDIRECT,
    verifier,
    overHttp,
  );

/** The RFC 6749 §5.2 error the library reads from a refusal. */
async function refusal(answer: Promise<unknown>): Promise<oauth.ResponseBodyError> {
  const error = await answer.then(
    () => new Error("the request was not refused"),
    (thrown: unknown) => thrown,
  );
  if (error instanceof oauth.ResponseBodyError) return error;
  throw error;
}

/** How `realm`'s endpoint refuses the code of `flow`. */
async function codeRefusal(
  realm: string,
  flow: { callback: URLSearchParams; verifier: string },
  client = tvApp,
) {
  return refusal(
    oauth.processAuthorizationCodeResponse(
      realmServer(realm),
      client,
      await redeemAt(realm, flow, client),
    ),
  );
}

const profilesWith = (accessToken: string) =>
  platform.call("liga", "/api/v2/user/profiles", {
    headers: { Authorization: `Bearer ${accessToken}` },
  });

describe("a realm's token endpoint, driven by an OAuth client library", () => {
  it("gives the viewer's session for the code and verifier, not to be cached, and refreshes it", async () => {
    const response = await redeemAt("liga", await authorize());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Pragma")).toBe("no-cache");
    const tokens = await oauth.processAuthorizationCodeResponse(
      realmServer("liga"),
      tvApp,
      response,
    );
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 900 });
    expect((await profilesWith(tokens.access_token)).status).toBe(200);

    const refreshed = await oauth.processRefreshTokenResponse(
      realmServer("liga"),
      tvApp,
      await oauth.refreshTokenGrantRequest(
        realmServer("liga"),
        tvApp,
        oauth.None(),
        tokens.refresh_token!,
        overHttp,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await profilesWith(refreshed.access_token)).status).toBe(200);
  });

  it("answers invalid_grant for a used, made-up or mismatched code", async () => {
    const flow = await authorize();
    const first = await redeemAt("liga", flow);
    expect(first.status).toBe(200);
    const again = await codeRefusal("liga", flow);
    expect(again).toMatchObject({ error: "invalid_grant", status: 400 });
    expect(again.error_description).toEqual(expect.any(String));
    expect(again.response.headers.get("Cache-Control")).toBe("no-store");

    const madeUp = new URL(REDIRECT);
    madeUp.search = new URLSearchParams({ code: "made-up-code", state: flow.state }).toString();
    const cases = [
      {
        ...flow,
        callback: oauth.validateAuthResponse(realmServer("liga"), tvApp, madeUp, flow.state),
      },
      { ...(await authorize()), verifier: oauth.generateRandomCodeVerifier() },
    ];
    for (const attempt of cases) {
      const refused = await codeRefusal("liga", attempt);
      expect(refused).toMatchObject({ error: "invalid_grant", status: 400 });
    }
  });

  it("refuses a code at another realm's endpoint, and the code is spent", async () => {
    const flow = await authorize("liga");
    const elsewhere = await codeRefusal("arena", flow);
    expect(elsewhere).toMatchObject({ error: "invalid_grant", status: 400 });
    const afterwards = await codeRefusal("liga", flow);
    expect(afterwards).toMatchObject({ error: "invalid_grant" });
  });

  it("answers invalid_client for an unknown client, unsupported_grant_type for other grants", async () => {
    const stranger: oauth.Client = { client_id: "not-registered" };
    const unknown = await codeRefusal("liga", await authorize(), stranger);
    expect(unknown).toMatchObject({ error: "invalid_client", status: 400 });

    for (const [grant, parameters] of [
      ["password", { username: "viewer@liga.test", password: DEMO_PASSWORD }],
      ["client_credentials", {}],
    ] as const) {
      const refused = await refusal(
        oauth.processGenericTokenEndpointResponse(
          realmServer("liga"),
          tvApp,
          await oauth.genericTokenEndpointRequest(
            realmServer("liga"),
            tvApp,
            oauth.None(),
            grant,
            parameters,
            overHttp,
          ),
        ),
      );
      expect(refused).toMatchObject({ error: "unsupported_grant_type", status: 400 });
    }
  });

  it("answers an unknown realm's endpoint, or one naming no realm, in the same shape", async () => {
    const refused = await codeRefusal("nowhere", await authorize());
    expect(refused).toMatchObject({ error: "invalid_request", status: 404 });
    const noRealm: oauth.AuthorizationServer = {
      ...realmServer("liga"),
      token_endpoint: `${platform.url}/api/v4/oauth2-auth/token`,
    };
    const unnamed = await refusal(
      oauth.processAuthorizationCodeResponse(
        noRealm,
        tvApp,
        await oauth.authorizationCodeGrantRequest(
          noRealm,
          tvApp,
          oauth.None(),
          (await authorize()).callback,
          REDIRECT,
          oauth.generateRandomCodeVerifier(),
          overHttp,
        ),
      ),
    );
    expect(unnamed).toMatchObject({ error: "invalid_request", status: 400 });
    expect(unnamed.error_description).toContain("/api/v4/oauth2-auth/{realm}/token");
  });
});
