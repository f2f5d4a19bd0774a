import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_BATCH_BYTES } from "../../contract/error-tracing.ts";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const report = (overrides: Record<string, unknown> = {}) => ({
  kind: "error",
  name: "TypeError",
  message: "x is undefined",
  stack: "TypeError: x is undefined\n    at render (/build/routes/home.js:1:2)",
  release: "0.1.0+abc",
  path: "/realm/liga/home",
  occurredAt: new Date().toISOString(),
  context: { route: "HOME" },
  ...overrides,
});

const send = (body: unknown, options: { address?: string; device?: string } = {}) =>
  platform.api.call("liga", "/api/v2/client-errors", {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      ...(options.device ? { "X-Device-Id": options.device } : {}),
    },
    address: options.address,
  });

async function groupsOf(realm: "arena" | "liga", query = "") {
  const admin = await accountWithSession(platform.store, realm, { role: "ADMIN" });
  const res = await platform.api.call(realm, `/api/v2/admin/client-errors${query}`, {
    headers: admin.auth,
  });
  return res;
}

describe("browser error reports", () => {
  it("keeps a batch and shows it to the realm's admins grouped by message and release", async () => {
    const message = `boom ${crypto.randomUUID()}`;
    const accepted = await send({
      reports: [
        report({ message }),
        report({ message, kind: "unhandledrejection", path: "/realm/liga/news" }),
        report({ message, release: "0.1.0+def" }),
      ],
    });
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ accepted: 3 });

    const res = await groupsOf("liga");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await res.json();
    expect(validateBody("clientErrorGroups", body).issues).toEqual([]);
    const mine = body.groups.filter((g: { message: string }) => g.message === message);
    expect(mine).toEqual([
      expect.objectContaining({
        release: "0.1.0+abc",
        count: 2,
        kinds: ["error", "unhandledrejection"],
        path: "/realm/liga/news",
      }),
      expect.objectContaining({ release: "0.1.0+def", count: 1, kinds: ["error"] }),
    ]);
    // Another realm's admins see none of it.
    const arena = await (await groupsOf("arena")).json();
    expect(arena.groups.some((g: { message: string }) => g.message === message)).toBe(false);
  });

  it("refuses what is not a report, and keeps nothing of a bad batch", async () => {
    const message = `bad ${crypto.randomUUID()}`;
    for (const body of [
      {},
      { reports: [] },
      { reports: [report({ message, kind: "nonsense" })] },
      { reports: [report({ message }), report({ message, release: undefined })] },
      { reports: [report({ message, extra: 1 })] },
      { reports: Array.from({ length: 21 }, () => report({ message })) },
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const kept = await platform.store.db
      .select()
      .from(t.clientErrors)
      .where(eq(t.clientErrors.message, message));
    expect(kept).toEqual([]);
  });

  it("refuses a batch larger than a browser sends while it streams", async () => {
    const big = "x".repeat(CLIENT_ERROR_BATCH_BYTES);
    const res = await send({ reports: [report({ stack: big })] });
    expect(res.status).toBe(413);
  });

  it("limits how often one device reports", async () => {
    const device = crypto.randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await send({ reports: [report()] }, { device })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another device is not held back.
    expect((await send({ reports: [report()] }, { device: crypto.randomUUID() })).status).toBe(202);
  });

  it("is for admins only, and checks its date range", async () => {
    const customer = await accountWithSession(platform.store, "liga");
    const res = await platform.api.call("liga", "/api/v2/admin/client-errors", {
      headers: customer.auth,
    });
    expect(res.status).toBe(403);
    expect((await platform.api.call("liga", "/api/v2/admin/client-errors")).status).toBe(401);
    expect((await groupsOf("liga", "?from=yesterday")).status).toBe(400);
    expect((await groupsOf("liga", "?from=2026-02-01&to=2026-01-01")).status).toBe(400);
    expect((await groupsOf("liga", "?from=2020-01-01&to=2026-01-01")).status).toBe(400);
  });
});
