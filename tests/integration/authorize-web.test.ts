import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { PlatformLoadContext } from "../../app/api-client/context.ts";
import { authorizeAction, authorizeLoader } from "../../app/oauth/authorize.server.ts";
import { IN_PROCESS_PLATFORM } from "../../server/http.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import { DEMO_CLIENT_ID, demoRedirectUris } from "../../platform/seed/demo-oauth-clients.ts";
import { TEST_SESSION_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const REDIRECT = demoRedirectUris()[0]!;
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

let addresses = 0;
function webContext(): AppLoadContext {
  addresses += 1;
  const context: PlatformLoadContext = {
    requestId: crypto.randomUUID(),
    timing: { platformMs: 0, platformCalls: 0 },
    platformBaseUrl: IN_PROCESS_PLATFORM,
    platformFetch: async (request) => platform.api.app.fetch(request),
    setRealm: () => {},
    session: { secret: TEST_SESSION_SECRET, secure: false },
    clientAddress: `192.0.2.${addresses}`,
  };
  return context as AppLoadContext;
}

function submit(fields: Record<string, string>) {
  const request = new Request("http://localhost/realm/liga/authorize", {
    method: "POST",
    body: new URLSearchParams({
      response_type: "code",
      client_id: DEMO_CLIENT_ID,
      redirect_uri: REDIRECT,
      state: "s-1",
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      email: "viewer@liga.test",
      password: DEMO_PASSWORD,
      ...fields,
    }),
  });
  return authorizeAction({ request, params: { realm: "liga" }, context: webContext() });
}

describe("/authorize", () => {
  it("sends the browser to the registered redirect URI with a code and the state", async () => {
    const answer = await submit({});
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("s-1");
    expect(location.searchParams.get("code")).toBeTruthy();
  });

  it("asks for both email and password (EmailPasswordCannotBeEmpty)", async () => {
    const cases: Record<string, string>[] = [
      { email: "" },
      { password: "" },
      { email: " ", password: "" },
    ];
    for (const fields of cases) {
      expect(await submit(fields)).toMatchObject({
        status: "error",
        label: "EmailPasswordCannotBeEmpty",
      });
    }
  });

  it("maps the platform's codes to labels, else GENERIC", async () => {
    expect(await submit({ password: "wrong-password" })).toMatchObject({ label: "loginError" });
    expect(await submit({ client_id: "nobody" })).toMatchObject({ label: "oauthRequestInvalid" });
  });

  it.each([
    ["another site", "https://evil.example/oauth-test-client/callback"],
    ["protocol-relative", "//evil.example/oauth-test-client/callback"],
    ["a path of this site", "/oauth-test-client/callback"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a trailing slash", `${REDIRECT}/`],
    ["another case", REDIRECT.toUpperCase()],
    ["an extra query", `${REDIRECT}?next=https://evil.example`],
    ["a fragment", `${REDIRECT}#https://evil.example`],
    ["userinfo", REDIRECT.replace("http://", "http://localhost:3000@evil.example/")],
    [
      "a backslash",
      REDIRECT.replace("http://localhost:3000", "http://localhost:3000\\@evil.example"),
    ],
    ["a tab", REDIRECT.replace("localhost", "local\thost")],
    ["another port", REDIRECT.replace(":3000", ":3001")],
  ])("never leaves for a redirect_uri that is %s", async (_what, redirect_uri) => {
    const answer = await submit({ redirect_uri });
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer).toMatchObject({ status: "error", label: "oauthRequestInvalid" });
  });

  it("shows the form only for a complete request", async () => {
    const load = (query: string) =>
      authorizeLoader({
        request: new Request(`http://localhost/realm/liga/authorize?${query}`),
        params: { realm: "liga" },
        context: webContext(),
      });
    const complete = new URLSearchParams({
      response_type: "code",
      client_id: DEMO_CLIENT_ID,
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
    });
    const page = (await load(complete.toString())) as unknown as { data: { params: unknown } };
    expect(page.data.params).toMatchObject({ client_id: DEMO_CLIENT_ID, state: "" });
    complete.delete("code_challenge");
    const partial = (await load(complete.toString())) as unknown as { data: { params: unknown } };
    expect(partial.data.params).toBeNull();
  });
});
