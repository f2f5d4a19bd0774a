import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as t from "../../platform/store/schema.ts";
import { platformApp, useSeededPlatform } from "../fixtures/platform.ts";
import { openTestStore } from "../fixtures/test-store.ts";

const platform = useSeededPlatform();

describe("referral session", () => {
  it("stores the referral with a 90-day expiry", async () => {
    const res = await platform.api.call("liga", "/api/v1/session", {
      method: "POST",
      body: JSON.stringify({ referralExid: "ref-42", clickId: "clk.7", campaign: "spring" }),
      headers: { "X-Device-Id": "device-1" },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ realm: "liga", esrefid: "ref-42", esclkid: "clk.7" });
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(90 * 24 * 3600 * 1000);
    const [row] = await platform.store.db
      .select()
      .from(t.referrals)
      .where(eq(t.referrals.id, body.id));
    expect(row).toMatchObject({
      realm: "liga",
      referralId: "ref-42",
      clickId: "clk.7",
      deviceId: "device-1",
      extra: { campaign: "spring" },
    });
  });

  it.each([
    [{}, /referralExid/],
    [{ referralExid: "" }, /referralExid/],
    [{ referralExid: "a b" }, /referralExid/],
    [{ referralExid: "ok", clickId: 5 }, /clickId/],
    [{ referralExid: "ok", nested: { a: 1 } }, /nested/],
    [[1, 2], /request body must be of type object/],
  ])("refuses %j with a clear message and stores nothing", async (payload, message) => {
    const before = (await platform.store.db.select().from(t.referrals)).length;
    const res = await platform.api.call("arena", "/api/v1/session", {
      method: "POST",
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).messages[0]).toMatch(message);
    expect((await platform.store.db.select().from(t.referrals)).length).toBe(before);
  });
});

describe("images", () => {
  it("renders stored artwork as WebP at an allowed width, with long-lived caching", async () => {
    const res = await platform.api.app.request("/images/arena/logo.webp?w=150");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toMatch(/max-age=\d{6,}/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(150);
    const again = await platform.api.app.request("/images/arena/logo.webp?w=150", {
      headers: { "If-None-Match": res.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);
  });

  it("rounds odd widths up to an allowed one and never upscales", async () => {
    const odd = await sharp(
      Buffer.from(
        await (await platform.api.app.request("/images/arena/logo.webp?w=151")).arrayBuffer(),
      ),
    ).metadata();
    expect(odd.width).toBe(198);
    const huge = await sharp(
      Buffer.from(
        await (await platform.api.app.request("/images/arena/logo.webp?w=9999")).arrayBuffer(),
      ),
    ).metadata();
    expect(huge.width).toBe(600);
  });

  it("answers bad widths and unknown images with JSON errors", async () => {
    expect((await platform.api.app.request("/images/arena/logo.webp?w=abc")).status).toBe(400);
    expect((await platform.api.app.request("/images/arena/nothing.webp")).status).toBe(404);
  });
});

describe("media and health", () => {
  it("serves the sample HLS stream with playlist and segment types", async () => {
    const master = await platform.api.app.request("/media/sample/master.m3u8");
    expect(master.status).toBe(200);
    expect(master.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
    expect(await master.text()).toContain("#EXT-X-STREAM-INF");
    const segment = await platform.api.app.request("/media/sample/360p/seg_000.ts");
    expect(segment.headers.get("Content-Type")).toBe("video/mp2t");
  });

  it("reports healthy while the store answers, and 503 once it is gone", async () => {
    const own = await openTestStore();
    const app = platformApp(own);
    expect((await app.app.request("/healthz")).status).toBe(200);
    await own.close();
    const health = await app.app.request("/healthz");
    expect(health.status).toBe(503);
    const res = await app.call("arena", "/api/v1/init");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "STORE_UNAVAILABLE" });
  });
});

describe("schemas for editors", () => {
  it("serves every config schema as JSON Schema, and nothing else from that folder", async () => {
    const page = await platform.api.app.request("/schemas/page.schema.json");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toBe("application/schema+json");
    expect((await page.json()).$id).toBe("https://schemas.streaming.local/page.schema.json");
    const block = await (await platform.api.app.request("/schemas/blocks/rail.schema.json")).json();
    expect(block.title).toBe("RailBlock");
    expect((await platform.api.app.request("/schemas/validator.ts")).status).toBe(404);
    expect((await platform.api.app.request("/schemas/../package.json")).status).toBe(404);
  });
});
