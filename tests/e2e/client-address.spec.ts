import { test, expect } from "@playwright/test";
import en from "../../contract/locales/en.json" with { type: "json" };
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { seededDataDir, removeDir, ServerProcess } from "./server-process.ts";

/** Recovery emails allowed per client address and hour; the next is refused. */
const LIMIT = 10;

/** What the forgot-password page says after a submit from `forwardedFor` (a proxy's header). */
async function askForResetLink(
  url: string,
  forwardedFor: string,
  headers: Record<string, string> = {},
): Promise<"sent" | "too many" | "other"> {
  const res = await fetch(`${url}/realm/arena/login/request-password`, {
    method: "POST",
    headers: { Origin: url, "X-Forwarded-For": forwardedFor, ...headers },
    body: new URLSearchParams({ email: "nobody@arena.test" }),
  });
  const html = await res.text();
  if (html.includes(asHtml(en.passwordResetEmailSent))) return "sent";
  if (html.includes(asHtml(en.tooManyAttempts))) return "too many";
  return "other";
}

/** The platform call behind that page, made directly through the server's /api. */
async function requestResetByApi(url: string, forwardedFor: string, clientAddress?: string) {
  const res = await fetch(`${url}/api/v2/password/request`, {
    method: "POST",
    headers: {
      Realm: "arena",
      "X-Api-Key": DEMO_KEYS.arena,
      App: "e2e",
      "Content-Type": "application/json",
      "X-Forwarded-For": forwardedFor,
      ...(clientAddress ? { "X-Client-Address": clientAddress } : {}),
    },
    body: JSON.stringify({ email: "nobody@arena.test" }),
  });
  return res.status;
}

const asHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");

/**
 * One attacker behind the proxy uses up its own limit, forging X-Client-Address and the left of
 * X-Forwarded-For as it goes; another viewer behind the same proxy is still served.
 */
async function expectLimitsPerViewer(url: string) {
  const attacker: string[] = [];
  for (let i = 0; i <= LIMIT; i++) {
    attacker.push(
      await askForResetLink(url, `10.0.0.${i}, 203.0.113.66`, {
        "X-Client-Address": `192.0.2.${i}`,
      }),
    );
  }
  expect(attacker).toEqual([...Array<string>(LIMIT).fill("sent"), "too many"]);
  expect(await askForResetLink(url, "203.0.113.77")).toBe("sent");
}

test.describe("behind a proxy of our own (TRUST_PROXY=1)", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the web app counts each viewer by the address the proxy saw", async () => {
    const dataDir = await seededDataDir();
    const server = await ServerProcess.start({
      DATA_DIR: dataDir,
      LOG_REQUESTS: "false",
      TRUST_PROXY: "1",
    });
    try {
      await expectLimitsPerViewer(server.url);
    } finally {
      await server.stop();
      await removeDir(dataDir);
    }
  });

  test("a web tier vouches for each viewer's address to its platform, and callers cannot", async () => {
    const dataDir = await seededDataDir();
    // Both share the session secret (ServerProcess gives every process the same one).
    const platform = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
    const web = await ServerProcess.start({
      API_BASE_URL: platform.url,
      DATA_DIR: "/nonexistent/never-created",
      LOG_REQUESTS: "false",
      TRUST_PROXY: "1",
    });
    try {
      await expectLimitsPerViewer(web.url);
      // Through the web tier's /api, a caller's own X-Client-Address is not passed on, and the
      // web tier's word on the viewer is.
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        statuses.push(await requestResetByApi(web.url, "203.0.113.88", `192.0.2.${100 + i}`));
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(202), 429]);
      expect(await requestResetByApi(web.url, "203.0.113.99")).toBe(202);
    } finally {
      await web.stop();
      await platform.stop();
      await removeDir(dataDir);
    }
  });
});
