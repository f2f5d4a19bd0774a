import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "../../server/body-limit.ts";
import { listen } from "../fixtures/http-server.ts";
import { DEMO_KEYS, useSeededPlatform } from "../fixtures/platform.ts";
import { MiB, MOST_WRITTEN_OF_REFUSED, upload } from "../fixtures/uploads.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(platform.api.app);
});
afterAll(() => server.close());

const client = {
  "Content-Type": "application/json",
  App: "integration-tests",
  Realm: "arena",
  "X-Api-Key": DEMO_KEYS.arena,
};

/** A body that would be `total` bytes, made only as it is read; `counter` says how far it got. */
function lazyBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

describe("request bodies of the platform API", () => {
  it("refuses a JSON body whose declared length is over the limit with 413 at once", async () => {
    const answer = await upload(server.origin, "/api/v2/login", {
      total: 100 * MiB,
      declareLength: true,
      headers: client,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      messages: ["Request bodies here must not be larger than 64 KB"],
    });
    expect(answer.written).toBeLessThan(MOST_WRITTEN_OF_REFUSED);
  });

  it("refuses a chunked JSON body with 413 as soon as it passes the limit", async () => {
    const answer = await upload(server.origin, "/api/v2/login", {
      total: 100 * MiB,
      declareLength: false,
      headers: client,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe("PAYLOAD_TOO_LARGE");
    expect(answer.written).toBeLessThan(MOST_WRITTEN_OF_REFUSED);
    // A body within the limit is read as before: a sign-in refused on its merits, not a 413.
    const within = await platform.api.call("arena", "/api/v2/login", {
      method: "POST",
      body: JSON.stringify({ id: "nobody@arena.test", secret: "x".repeat(60_000) }),
    });
    expect(within.status).not.toBe(413);
    expect(within.status).toBeLessThan(500);
  });

  it("stops reading a streamed body past the limit and drops it: most of it is never made", async () => {
    const { stream, counter } = lazyBody(540 * MiB);
    const res = await platform.api.app.request("/api/v2/login", {
      method: "POST",
      headers: client,
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("PAYLOAD_TOO_LARGE");
    // After the answer, a little more is read and dropped (a client is told, not reset), then
    // the body is cancelled.
    await expect.poll(() => counter.cancelled).toBe(true);
    expect(counter.pulled).toBeLessThan(BODY_LIMITS.standard + 17 * MiB);
  });

  it("lets admin config documents be larger, up to their own limit", async () => {
    const { token } = await viewerToken(platform.store, "arena", "ADMIN");
    const rails = Array.from({ length: 1000 }, (_, i) => ({
      id: `rail-${i}`,
      type: "rail",
      title: `Shelf ${i}: the latest videos of the realm, newest first`,
      source: { kind: "videos" },
      itemsPerPage: 12,
    }));
    const document = JSON.stringify({
      key: "browse",
      title: "Browse",
      layout: "default",
      zones: { main: rails },
    });
    expect(document.length).toBeGreaterThan(2 * BODY_LIMITS.standard);
    expect(document.length).toBeLessThan(BODY_LIMITS.configDocument);
    const put = await platform.api.call("arena", "/api/v2/admin/drafts/page/browse", {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: document,
    });
    expect(put.status).toBe(200);
    expect((await put.json()).draft.document.zones.main).toHaveLength(1000);

    const tooLarge = await upload(server.origin, "/api/v2/admin/drafts/page/browse", {
      method: "PUT",
      total: 2 * MiB,
      declareLength: false,
      headers: { ...client, Authorization: `Bearer ${token}` },
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).messages).toEqual([
      "Request bodies here must not be larger than 1 MB",
    ]);
  });
});
