import { and, count, eq, inArray, isNull, lte, max, or, sql } from "drizzle-orm";
import type { Licence } from "../../schemas/generated/licence.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { mailText, queueMail } from "../identity/mail.ts";
import { decimalString } from "./money.ts";
import { queueReceipt, type OrderRow } from "./orders.ts";
import { paymentAdapter } from "./payment-adapters.ts";
import { periodStart, utcDay } from "./periods.ts";
import { renewalCharge } from "./price-migrations.ts";

/**
 * Subscription renewals (docs/payment-providers.md, "Renewals"). A subscription whose period
 * has ended is charged again for the next one, with the method its provider stored, and what
 * it granted runs one more period. The rules:
 *
 * - a cancelled subscription is never renewed: it ends at its period's end;
 * - a declined renewal makes it PAST_DUE (no access meanwhile) and is tried again a day later,
 *   up to RENEWAL_ATTEMPTS times for the period; the last decline ENDS it; each decline is
 *   mailed to the viewer (the next try's day, or that the subscription has ended);
 * - a subscription paid by a provider that stores no method ENDS at its period's end;
 * - a price migration applies by the licence's period (platform/commerce/price-migrations.ts).
 *
 * Exactly once per period whichever servers run it at the same moment: each subscription is
 * renewed under its order's row lock (`FOR UPDATE SKIP LOCKED`: a busy one is left to whoever
 * holds it), the renewal is an order whose idempotency key names the subscription, the period
 * and the attempt, and at most one renewal per subscription and period can be COMPLETED (a
 * unique index).
 */

/** Charges tried for one period before the subscription ends. */
export const RENEWAL_ATTEMPTS = 3;
/** How long after a declined renewal the next try is made. */
export const RENEWAL_RETRY_MS = 24 * 60 * 60 * 1000;
/** How often each server looks for subscriptions due (`startRenewals`). */
export const RENEWAL_INTERVAL_MS = 5 * 60 * 1000;
/** Subscriptions renewed per pass at most; the next pass takes the rest. */
const PASS_LIMIT = 500;

export interface RenewalOptions {
  now: Date;
  /** The platform's secret, which the providers derive their keys from. */
  secret: string;
}

export interface RenewalSummary {
  renewed: number;
  declined: number;
  ended: number;
}

type Outcome = keyof RenewalSummary | "skipped";

/** The day (`YYYY-MM-DD`) an instant falls on, in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The end of the period after the one ending at `end`: counted from the subscription's first
 * charge day (its anchor), so a subscription first charged on the 31st comes back to the 31st.
 */
export function nextPeriodEnd(
  order: Pick<OrderRow, "basket">,
  startsAt: Date,
  end: Date,
  period: NonNullable<Licence["purchaseStrategy"]>["subscriptionPeriod"],
): Date {
  const anchor = order.basket.firstCharge
    ? new Date(`${order.basket.firstCharge.date}T00:00:00Z`)
    : utcDay(startsAt);
  for (let index = 0; index < 100_000; index += 1) {
    const start = periodStart(anchor, period, index);
    if (start.getTime() > end.getTime()) return start;
  }
  return periodStart(end, period, 1);
}

/** One pass: every subscription due at `now` is renewed, declined or ended, once. */
export async function runRenewals(db: Db, options: RenewalOptions): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, declined: 0, ended: 0 };
  const due = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .innerJoin(t.entitlements, eq(t.entitlements.orderId, t.orders.id))
    .where(
      and(
        eq(t.orders.status, "COMPLETED"),
        isNull(t.orders.renewsOrderId),
        isNull(t.orders.giftId),
        isNull(t.orders.cancelledAt),
        or(isNull(t.orders.renewalState), eq(t.orders.renewalState, "PAST_DUE")),
        eq(t.entitlements.status, "ACTIVE"),
      ),
    )
    .groupBy(t.orders.id)
    .having(lte(max(t.entitlements.endsAt), options.now))
    .limit(PASS_LIMIT);
  if (due.length === 0) return summary;
  const realms = await db
    .select()
    .from(t.realms)
    .where(
      inArray(
        t.realms.name,
        db
          .selectDistinct({ realm: t.orders.realm })
          .from(t.orders)
          .where(
            inArray(
              t.orders.id,
              due.map((d) => d.id),
            ),
          ),
      ),
    );
  for (const { id } of due) {
    const outcome = await renewOne(db, id, realms, options);
    if (outcome !== "skipped") summary[outcome] += 1;
  }
  return summary;
}

type RealmRow = typeof t.realms.$inferSelect;

async function renewOne(
  db: Db,
  orderId: string,
  realms: readonly RealmRow[],
  { now, secret }: RenewalOptions,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Another server renewing this one holds the lock: it is theirs.
    const [order] = await tx
      .select()
      .from(t.orders)
      .where(eq(t.orders.id, orderId))
      .for("update", { skipLocked: true });
    if (
      !order ||
      order.status !== "COMPLETED" ||
      order.cancelledAt ||
      order.renewalState === "ENDED" ||
      order.userId === null
    ) {
      return "skipped";
    }
    const [held] = await tx
      .select({
        endsAt: max(t.entitlements.endsAt),
        startsAt: sql<Date>`min(${t.entitlements.startsAt})`,
      })
      .from(t.entitlements)
      .where(and(eq(t.entitlements.orderId, order.id), eq(t.entitlements.status, "ACTIVE")));
    const end = held?.endsAt ?? null;
    // Renewed meanwhile by another pass, or never ending.
    if (!end || end.getTime() > now.getTime()) return "skipped";
    const realm = realms.find((r) => r.name === order.realm);
    const licence = realm?.licences.find((l) => l.id === order.licenceId);
    const period = licence?.purchaseStrategy?.subscriptionPeriod;
    if (!realm || !licence || !period) return "skipped";

    const stop = async (reason: string): Promise<Outcome> => {
      await tx
        .update(t.orders)
        .set({ renewalState: "ENDED", renewalStopReason: reason })
        .where(eq(t.orders.id, order.id));
      return "ended";
    };

    const periodDay = dayOf(end);
    const tried = await tx
      .select({ n: count(), last: max(t.orders.createdAt) })
      .from(t.orders)
      .where(
        and(
          eq(t.orders.renewsOrderId, order.id),
          eq(t.orders.renewalPeriod, periodDay),
          eq(t.orders.status, "FAILED"),
        ),
      );
    const attempts = tried[0]?.n ?? 0;
    if (attempts >= RENEWAL_ATTEMPTS) return stop(order.renewalStopReason ?? "CARD_DECLINED");
    const last = tried[0]?.last;
    if (last && now.getTime() - new Date(last).getTime() < RENEWAL_RETRY_MS) return "skipped";

    // A downgrade chosen for the end of a period: from this period on, the new plan's.
    const scheduled =
      order.scheduledChange && order.scheduledChange.from <= periodDay
        ? order.scheduledChange
        : null;
    const switchTo = scheduled && realm.licences.find((l) => l.id === scheduled.licenceId);
    const switchPeriod = switchTo?.purchaseStrategy?.subscriptionPeriod;
    const charge =
      switchTo && switchPeriod
        ? { amount: scheduled!.total }
        : renewalCharge(order, licence, periodDay);
    if ("stop" in charge) return stop(charge.stop);
    const stored = order.storedMethod;
    const adapter = stored ? paymentAdapter(stored.provider) : undefined;
    if (!stored || !adapter?.storesMethods) return stop("NO_STORED_METHOD");

    const [user] = await tx
      .select({ id: t.users.id, email: t.users.email, locale: t.users.locale })
      .from(t.users)
      .where(eq(t.users.id, order.userId));
    if (!user) return "skipped";

    const attempt = attempts + 1;
    const idempotencyKey = `renewal:${order.id}:${periodDay}:${attempt}`;
    const item = order.basket.basketItems[0];
    const renewed = switchTo && switchPeriod ? switchTo : licence;
    const basket: OrderRow["basket"] = {
      ...order.basket,
      basketItems: item
        ? [{ ...item, licenceId: renewed.id, name: renewed.name, total: charge.amount, tax: 0 }]
        : [],
      availablePaymentProviders: [],
      tax: 0,
      totalDiscount: 0,
      total: charge.amount,
      totalExcTax: charge.amount,
      voucher: undefined,
      firstCharge: undefined,
    };
    const renewalId = crypto.randomUUID();
    const [renewal] = await tx
      .insert(t.orders)
      .values({
        id: renewalId,
        realm: order.realm,
        userId: order.userId,
        idempotencyKey,
        licenceId: renewed.id,
        provider: adapter.name,
        status: "PENDING",
        basket,
        paymentMethod: order.paymentMethod,
        renewsOrderId: order.id,
        renewalPeriod: periodDay,
        // The renewal's clock (tests move it): the next try is counted from this.
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!renewal) return "skipped";
    const result = await adapter.chargeStoredMethod({
      id: renewalId,
      realm: order.realm,
      token: stored.token,
      amount: charge.amount,
      scale: order.basket.scale,
      currency: order.basket.currency,
      idempotencyKey,
      now,
      secret,
    });
    if (result.status !== "COMPLETED") {
      const failure = result.status === "FAILED" ? result.failure : "NO_STORED_METHOD";
      await tx
        .update(t.orders)
        .set({ status: "FAILED", failureCode: failure })
        .where(eq(t.orders.id, renewalId));
      if (result.status === "UNSUPPORTED") return stop(failure);
      const last = attempt >= RENEWAL_ATTEMPTS;
      // The viewer hears of every declined charge, and what happens next.
      const { subject, body } = mailText(
        last ? "renewal-ended" : "renewal-declined",
        user.locale ?? undefined,
        {
          realm: (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName,
          licence: renewed.name,
          amount: `${decimalString({ amount: charge.amount, scale: order.basket.scale })} ${order.basket.currency}`,
          next: dayOf(new Date(now.getTime() + RENEWAL_RETRY_MS)),
        },
        realm,
      );
      await queueMail(txDb, {
        realm: order.realm,
        recipient: user.email,
        kind: last ? "renewal-ended" : "renewal-declined",
        subject,
        body,
      });
      if (last) return stop(failure);
      await tx
        .update(t.orders)
        .set({ renewalState: "PAST_DUE", renewalStopReason: failure })
        .where(eq(t.orders.id, order.id));
      return "declined";
    }
    await tx
      .update(t.orders)
      .set({ status: "COMPLETED", completedAt: now })
      .where(eq(t.orders.id, renewalId));
    if (switchTo && switchPeriod) {
      // The old plan's grants end with its period; the new plan's run from there.
      await tx.insert(t.entitlements).values(
        (switchTo.grants ?? [switchTo.id]).map((grant) => ({
          userId: order.userId!,
          licence: grant,
          startsAt: end,
          endsAt: periodStart(end, switchPeriod, 1),
          orderId: order.id,
        })),
      );
      await tx
        .update(t.orders)
        .set({
          licenceId: switchTo.id,
          scheduledChange: null,
          renewalState: null,
          renewalStopReason: null,
          basket: { ...basket, availablePaymentProviders: order.basket.availablePaymentProviders },
        })
        .where(eq(t.orders.id, order.id));
      await queueReceipt(txDb, {
        realm: order.realm,
        user,
        licence: switchTo,
        basket,
        realmName: (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName,
        wording: realm,
        orderId: renewalId,
      });
      return "renewed";
    }
    const nextEnd = nextPeriodEnd(order, new Date(held!.startsAt), end, period);
    await tx
      .update(t.entitlements)
      .set({ endsAt: nextEnd })
      .where(
        and(
          eq(t.entitlements.orderId, order.id),
          eq(t.entitlements.status, "ACTIVE"),
          eq(t.entitlements.endsAt, end),
        ),
      );
    await tx
      .update(t.orders)
      .set({ renewalState: null, renewalStopReason: null })
      .where(eq(t.orders.id, order.id));
    await queueReceipt(txDb, {
      realm: order.realm,
      user,
      licence,
      basket,
      realmName: (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName,
      wording: realm,
      orderId: renewalId,
    });
    return "renewed";
  });
}

/**
 * Renews on an interval inside the server (no separate process): a pass at start and every
 * RENEWAL_INTERVAL_MS. Several servers may run it on one store: each subscription is renewed
 * once. Errors are logged and the next pass tries again.
 */
export function startRenewals(
  db: Db,
  options: {
    secret: () => Promise<string>;
    intervalMs?: number;
    now?: () => Date;
    log?: (line: Record<string, unknown>) => void;
  },
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = (async () => {
      try {
        const summary = await runRenewals(db, {
          now: options.now?.() ?? new Date(),
          secret: await options.secret(),
        });
        if (summary.renewed + summary.declined + summary.ended > 0) {
          options.log?.({ level: "info", msg: "renewals", ...summary });
        }
      } catch (error) {
        options.log?.({
          level: "warn",
          msg: "renewals failed",
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(pass, options.intervalMs ?? RENEWAL_INTERVAL_MS);
  timer.unref();
  pass();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
