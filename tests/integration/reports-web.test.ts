import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { analyticsAction } from "../../app/analytics/ingest.server.ts";
import { clientErrorsAction } from "../../app/errors/client-errors.server.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

const errorReport = () => ({
  reports: [
    {
      kind: "error",
      name: "TypeError",
      message: "x is undefined",
      release: "0.1.0+abc",
      path: "/realm/liga/home",
      occurredAt: new Date().toISOString(),
      context: { route: "HOME" },
    },
  ],
});

/** A page's post to one of the web tier's report routes, with the cookies it holds. */
function post(path: string, body: string, cookie?: string): ActionFunctionArgs {
  return {
    request: new Request(`http://localhost/realm/liga/${path}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    }),
    params: { realm: "liga" },
    context: webContext(platform.api) as ActionFunctionArgs["context"],
  };
}

/** The device cookie an answer set, as the browser sends it back. */
const deviceCookie = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0]!;

describe("the web tier's report routes (browser errors, analytics)", () => {
  it("refuse what is not JSON with the same answer", async () => {
    for (const [path, action] of [
      ["client-errors", clientErrorsAction],
      ["analytics", analyticsAction],
    ] as const) {
      const res = await action(post(path, "{"));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "MALFORMED_JSON" });
    }
  });

  it("pass the browser's device on, so one device's limit holds back that device alone", async () => {
    const first = await clientErrorsAction(post("client-errors", JSON.stringify(errorReport())));
    expect(first.status).toBe(202);
    const cookie = deviceCookie(first);
    const statuses = [first.status];
    for (let i = 1; i < 31; i += 1) {
      const res = await clientErrorsAction(
        post("client-errors", JSON.stringify(errorReport()), cookie),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    // A browser with a device of its own reports on.
    const other = await clientErrorsAction(post("client-errors", JSON.stringify(errorReport())));
    expect(other.status).toBe(202);
  });
});
