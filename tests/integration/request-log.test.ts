import { describe, expect, it } from "vitest";
import { createServerApp } from "../../server/http.ts";
import { TEST_SESSION_SECRET, TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

describe("request log", () => {
  it("writes one JSON line per request with method, path, status, duration, realm and request id", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = createServerApp({
      store: platform.store,
      tokenSecret: TEST_TOKEN_SECRET,
      sessionSecret: TEST_SESSION_SECRET,
      log: (line) => lines.push(line),
    });
    const res = await app.request("/api/v2/events?rpp=1", {
      headers: {
        Realm: "liga",
        "X-Api-Key": "liga-web-9c4e7a13f0b26d58",
        App: "tests",
        "X-Request-Id": "req-7",
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Server-Timing")).toMatch(
      /platform;dur=[\d.]+.*render;dur=[\d.]+.*total;dur=[\d.]+/,
    );
    expect(lines).toEqual([
      {
        method: "GET",
        path: "/api/v2/events",
        status: 200,
        durationMs: expect.any(Number),
        realm: "liga",
        requestId: "req-7",
      },
    ]);
    await app.request("/healthz");
    expect(lines[1]).toMatchObject({
      method: "GET",
      path: "/healthz",
      status: 200,
      realm: null,
      requestId: expect.any(String),
    });
  });
});
