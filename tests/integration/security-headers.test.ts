import { describe, expect, it } from "vitest";
import { createServerApp } from "../../server/http.ts";
import { TEST_SESSION_SECRET, TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

function serverWithLog(publicUrl?: string) {
  const lines: Record<string, unknown>[] = [];
  const app = createServerApp({
    store: platform.store,
    tokenSecret: TEST_TOKEN_SECRET,
    sessionSecret: TEST_SESSION_SECRET,
    publicUrl,
    log: (line) => lines.push(line),
  });
  return { app, lines };
}

const VIOLATION = {
  "csp-report": {
    "document-uri": "http://arena.test/realm/arena/home",
    referrer: "",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "default-src 'self'",
    "blocked-uri": "inline",
    "line-number": 12,
    "source-file": "http://arena.test/realm/arena/home",
    "status-code": 200,
    "script-sample": "alert(1)",
  },
};

describe("security headers on every answer", () => {
  it("API, health and static answers are nosniff with a referrer policy, and no page policy", async () => {
    const { app } = serverWithLog();
    const answers = [
      await app.request("/healthz"),
      await app.request("/favicon.svg"),
      await app.request("/api/v2/events?rpp=1", {
        headers: { Realm: "liga", "X-Api-Key": "liga-web-9c4e7a13f0b26d58", App: "tests" },
      }),
      await app.request("/schemas/nothing-here"),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404]);
    for (const answer of answers) {
      expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(answer.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("Strict-Transport-Security")).toBeNull();
      expect(answer.headers.get("Content-Security-Policy")).toBeNull();
    }
  });

  it("asks browsers for HTTPS when the request came over it, or PUBLIC_URL is on it", async () => {
    const { app } = serverWithLog();
    const behindTls = await app.request("/healthz", { headers: { "X-Forwarded-Proto": "https" } });
    expect(behindTls.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    const https = serverWithLog("https://watch.example.com");
    const answer = await https.app.request("/healthz");
    expect(answer.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
  });
});

describe("violation reports", () => {
  it("logs each reported violation as a warning", async () => {
    const { app, lines } = serverWithLog();
    const report = await app.request("/csp-report", {
      method: "POST",
      headers: { "Content-Type": "application/csp-report", "X-Request-Id": "rep-1" },
      body: JSON.stringify(VIOLATION),
    });
    expect(report.status).toBe(204);
    // Older browsers name the violated directive only.
    const { "effective-directive": _, ...older } = VIOLATION["csp-report"];
    const olderReport = await app.request("/csp-report", {
      method: "POST",
      body: JSON.stringify({ "csp-report": { ...older, "violated-directive": "img-src" } }),
    });
    expect(olderReport.status).toBe(204);
    expect(lines.filter((line) => line.msg === "csp violation")).toEqual([
      {
        level: "warn",
        msg: "csp violation",
        requestId: "rep-1",
        document: "http://arena.test/realm/arena/home",
        directive: "script-src-elem",
        blocked: "inline",
        source: "http://arena.test/realm/arena/home",
        line: 12,
        sample: "alert(1)",
      },
      expect.objectContaining({ directive: "img-src", requestId: expect.any(String) }),
    ]);
  });

  it("refuses what is not a report with a 400, and a body past 64 KiB with a 413", async () => {
    const { app, lines } = serverWithLog();
    const post = (body: string, headers: Record<string, string> = {}) =>
      app.request("/csp-report", { method: "POST", body, headers });
    const notJson = await post("{nope");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ messages: ["A report must be JSON"] });
    for (const body of [
      "{}",
      "[]",
      "null",
      '{"csp-report": {"blocked-uri": "x"}}',
      '[{"type": 1}]',
    ]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(await answer.json()).toMatchObject({
        messages: ["No Content-Security-Policy report found"],
      });
    }
    const huge = JSON.stringify({
      "csp-report": { ...VIOLATION["csp-report"], pad: "x".repeat(70_000) },
    });
    expect((await post(huge)).status).toBe(413);
    // Streamed without a length, it is cut off just the same.
    const streamed = await app.request("/csp-report", {
      method: "POST",
      body: new Blob([huge]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(lines.filter((line) => line.msg === "csp violation")).toEqual([]);
  });

  it("keeps only the start of long values", async () => {
    const { app, lines } = serverWithLog();
    const answer = await app.request("/csp-report", {
      method: "POST",
      body: JSON.stringify({
        "csp-report": {
          ...VIOLATION["csp-report"],
          "blocked-uri": `https://x.test/${"a".repeat(5_000)}`,
        },
      }),
    });
    expect(answer.status).toBe(204);
    const logged = lines.find((line) => line.msg === "csp violation")!;
    expect((logged.blocked as string).length).toBe(300);
  });
});
