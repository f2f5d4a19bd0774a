import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import type { VoucherRule } from "../../schemas/generated/voucher-rule.ts";
import {
  findVoucher,
  redeemVoucher,
  retireVouchersExcept,
  saveVoucher,
} from "../../platform/commerce/voucher-store.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const MONTHLY = { id: "MONTHLY", kind: "SUBSCRIPTION" } as const;
const EUR = { scale: 2, currency: "EUR" };
const NOW = new Date("2027-01-31T10:00:00Z");

let codes = 0;
async function voucher(more: Partial<VoucherRule> = {}): Promise<string> {
  codes += 1;
  const rule: VoucherRule = {
    code: `test-${codes}-${crypto.randomUUID().slice(0, 6)}`,
    name: "Test voucher",
    benefit: { kind: "PERCENTAGE", basisPoints: 2000 },
    ...more,
  };
  expect(validateBody("voucherRule", rule).issues).toEqual([]);
  await saveVoucher(platform.store.db, "liga", rule);
  rules.set(rule.code, rule);
  return rule.code;
}

const rules = new Map<string, VoucherRule>();
const findVoucherRule = async (code: string) => rules.get(code);

const userId = async () => (await accountWithSession(platform.store, "liga")).user.id;

const redeem = (
  code: string,
  user: number,
  orderRef: string,
  more: Partial<Parameters<typeof redeemVoucher>[1]> = {},
) =>
  redeemVoucher(platform.store.db, {
    realm: "liga",
    code,
    userId: user,
    orderRef,
    licence: MONTHLY,
    price: EUR,
    now: NOW,
    ...more,
  });

describe("vouchers in the store", () => {
  it("are found by the code as typed, in any case, in their realm only", async () => {
    const code = await voucher();
    expect((await findVoucher(platform.store.db, "liga", ` ${code.toLowerCase()} `))?.code).toBe(
      code.toUpperCase(),
    );
    expect(await findVoucher(platform.store.db, "arena", code)).toBeNull();
    expect(await redeem("NO-SUCH-CODE", await userId(), "order-x")).toEqual({
      ok: false,
      reason: "UNKNOWN",
    });
  });

  it("two uses of a voucher's last redemption at once: exactly one wins", async () => {
    for (let round = 0; round < 5; round++) {
      const code = await voucher({ maxRedemptions: 1 });
      const [a, b] = [await userId(), await userId()];
      const results = await Promise.all([
        redeem(code, a, `order-a-${round}`),
        redeem(code, b, `order-b-${round}`),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "USED_UP" }]);
    }
  });

  it("counts an order's retry once, and an account's uses against its own limit", async () => {
    const code = await voucher({ maxRedemptions: 3, maxRedemptionsPerAccount: 2 });
    const user = await userId();
    expect(await redeem(code, user, "order-1")).toMatchObject({ ok: true, again: false });
    expect(await redeem(code, user, "order-1")).toMatchObject({ ok: true, again: true });
    expect(await redeem(code, user, "order-2")).toMatchObject({ ok: true, again: false });
    expect(await redeem(code, user, "order-3")).toEqual({ ok: false, reason: "USED_BY_ACCOUNT" });
    // Another account may still take the last one, and then no one may.
    expect(await redeem(code, await userId(), "order-4")).toMatchObject({ ok: true });
    expect(await redeem(code, await userId(), "order-5")).toEqual({ ok: false, reason: "USED_UP" });
    // Another account cannot claim an order that is not theirs.
    expect(await redeem(code, await userId(), "order-1")).toEqual({ ok: false, reason: "UNKNOWN" });
  });

  it("one use per account when the voucher says nothing", async () => {
    const code = await voucher();
    const user = await userId();
    expect(await redeem(code, user, "first")).toMatchObject({ ok: true });
    expect(await redeem(code, user, "second")).toEqual({ ok: false, reason: "USED_BY_ACCOUNT" });
  });

  it("refuses outside its dates and licences, and counts nothing then", async () => {
    const code = await voucher({
      validUntil: "2027-01-01T00:00:00Z",
      licences: ["ANNUAL"],
      maxRedemptions: 1,
    });
    const user = await userId();
    expect(await redeem(code, user, "late")).toEqual({ ok: false, reason: "EXPIRED" });
    expect(await redeem(code, user, "early", { now: new Date("2026-12-01T00:00:00Z") })).toEqual({
      ok: false,
      reason: "NOT_FOR_THIS_LICENCE",
    });
    expect(
      await redeem(code, user, "annual", {
        now: new Date("2026-12-01T00:00:00Z"),
        licence: { id: "ANNUAL", kind: "SUBSCRIPTION" },
      }),
    ).toMatchObject({ ok: true });
  });

  it("come from the realm's config, and one the config no longer lists is no longer accepted", async () => {
    expect((await findVoucher(platform.store.db, "liga", "bemvindo100"))?.benefit).toEqual({
      kind: "PERCENTAGE",
      basisPoints: 10000,
    });
    expect(await findVoucher(platform.store.db, "arena", "BEMVINDO100")).toBeNull();

    const kept = await voucher();
    const dropped = await voucher();
    const user = await userId();
    expect(await redeem(dropped, user, "before")).toMatchObject({ ok: true });
    await retireVouchersExcept(platform.store.db, "liga", [
      kept,
      "BEMVINDO100",
      "TORCIDA20",
      "FINAL-GRATIS",
    ]);
    expect(await findVoucher(platform.store.db, "liga", dropped)).toBeNull();
    expect(await redeem(dropped, await userId(), "after")).toEqual({
      ok: false,
      reason: "UNKNOWN",
    });
    expect(await findVoucher(platform.store.db, "liga", kept)).not.toBeNull();
    // Listed again, it is accepted again, with its uses still counted.
    await saveVoucher(platform.store.db, "liga", (await findVoucherRule(dropped))!);
    expect(await redeem(dropped, user, "again")).toEqual({ ok: false, reason: "USED_BY_ACCOUNT" });
  });
});
