import type { Basket } from "../../contract/generated/basket.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import type { VoucherRule } from "../../schemas/generated/voucher-rule.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { licenceAmount } from "../../contract/licence-price.ts";
import { sameUnit, taxLine } from "./money.ts";
import { addDays, periodStart, utcDay } from "./periods.ts";
import { voucherEffect, voucherRefusal, type VoucherRefusal } from "./vouchers.ts";

type BasketContent = NonNullable<Basket["basketItems"][number]["content"]>[number];

export type TaxRules = NonNullable<RealmSettings["taxes"]>;
export type PaymentProviderSetting = NonNullable<RealmSettings["paymentProviders"]>[number];

/** A realm that says nothing about tax charges none. */
const NO_TAX: TaxRules = { inclusive: true, estimateBasisPoints: 0, rates: [] };

/** The provider that completes a basket with nothing to charge now or later. */
export const ZERO_BALANCE_PROVIDER = {
  name: "zero-balance",
  paymentProviderType: "ZERO_BALANCE",
} as const;

export class BasketError extends Error {
  constructor(
    readonly code: "MIXED_CURRENCIES" | "EMPTY" | "VOUCHER_REFUSED",
    readonly refusal?: VoucherRefusal,
  ) {
    super(refusal ? `${code}: ${refusal}` : code);
  }
}

/** The rate for `country`, and whether it is the realm's estimate (the country is unknown). */
export function taxRate(rules: TaxRules, country: string | undefined) {
  if (!country) return { basisPoints: rules.estimateBasisPoints, estimated: true };
  const rate = rules.rates.find((r) => r.country === country);
  return { basisPoints: rate?.basisPoints ?? 0, estimated: false };
}

export interface BasketRequest {
  licences: Licence[];
  /** The viewer's country (billing address or territory), when known. */
  country?: string;
  taxes?: TaxRules;
  voucher?: VoucherRule;
  /** The realm's providers (`paymentProviders`), offered when something is to be paid. */
  providers: PaymentProviderSetting[];
  now: Date;
  /** Licences whose trial this account has had already: no second one. */
  trialsUsed?: readonly string[];
  /**
   * A gift of this many periods: each line charges its price that many times, now, with no
   * trial and no later charge (the recipient's licence ends after them).
   */
  giftPeriods?: number;
}

/**
 * What a checkout charges (spec section 3, basket): per line the licence's price for the
 * country, less the voucher (on the first line it applies to), taxed by the realm's rule and
 * rounded on that line; a subscription in its trial, or with free periods, charges nothing now
 * and says when its first charge falls and what it will be. The voucher's discount is what it
 * takes off what is charged now. A basket with nothing to pay now or later is paid by the
 * zero-balance provider alone.
 */
export function priceBasket(request: BasketRequest): Basket {
  const { licences, country, now } = request;
  if (licences.length === 0) throw new BasketError("EMPTY");
  const rules = request.taxes ?? NO_TAX;
  const rate = taxRate(rules, country);
  const times = request.giftPeriods ?? 1;
  const priced = licences.map((licence) => {
    const price = licenceAmount(licence, country);
    return { licence, price: { ...price, amount: price.amount * times } };
  });
  const unit = priced[0]!.price;
  if (priced.some(({ price }) => !sameUnit(price, unit))) throw new BasketError("MIXED_CURRENCIES");

  let voucherLine = -1;
  if (request.voucher) {
    const refusals = priced.map(({ licence, price }) =>
      voucherRefusal(request.voucher!, licence, price, now),
    );
    voucherLine = refusals.indexOf(null);
    if (voucherLine === -1) throw new BasketError("VOUCHER_REFUSED", refusals[0] ?? undefined);
  }

  let discount = 0;
  let firstCharge: Basket["firstCharge"];
  const lines = priced.map(({ licence, price }, i) => {
    const effect =
      i === voucherLine
        ? voucherEffect(request.voucher!, price.amount)
        : { off: 0, freePeriods: 0 };
    const undiscounted = taxLine(price.amount, rate.basisPoints, rules.inclusive);
    const charged = taxLine(price.amount - effect.off, rate.basisPoints, rules.inclusive);
    const period = request.giftPeriods ? undefined : licence.purchaseStrategy?.subscriptionPeriod;
    const trialDays =
      !request.giftPeriods &&
      licence.kind === "SUBSCRIPTION" &&
      !request.trialsUsed?.includes(licence.id)
        ? (licence.trialDays ?? 0)
        : 0;
    const deferred = period !== undefined && (trialDays > 0 || effect.freePeriods > 0);
    const nowCharged = deferred ? { gross: 0, tax: 0, net: 0 } : charged;
    const withoutVoucher = trialDays > 0 ? 0 : undiscounted.gross;
    discount += withoutVoucher - nowCharged.gross;
    if (deferred) {
      const date = periodStart(addDays(now, trialDays), period, effect.freePeriods);
      const freeDays = Math.round((date.getTime() - utcDay(now).getTime()) / 86_400_000);
      // With several deferred lines, the soonest charge is the one the summary names.
      if (!firstCharge || date.toISOString().slice(0, 10) < firstCharge.date) {
        firstCharge = { date: date.toISOString().slice(0, 10), total: charged.gross, freeDays };
      }
    }
    return {
      licenceId: licence.id,
      name: licence.name,
      description: licence.description ?? "",
      catalogPrice: price.amount,
      currency: price.currency,
      scale: price.scale,
      tax: nowCharged.tax,
      total: nowCharged.gross,
      ...passContent(licence),
    };
  });

  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const nothingToPay = total === 0 && firstCharge === undefined;
  return {
    basketItems: lines,
    availablePaymentProviders: nothingToPay
      ? [ZERO_BALANCE_PROVIDER]
      : request.providers.map(({ name, paymentProviderType, details }) => ({
          name,
          paymentProviderType,
          ...(details ? { details } : {}),
        })),
    currency: unit.currency,
    scale: unit.scale,
    tax,
    totalDiscount: discount,
    total,
    totalExcTax: total - tax,
    taxRateEstimated: rate.estimated,
    taxInclusive: rules.inclusive,
    ...(firstCharge ? { firstCharge } : {}),
    ...(request.voucher && voucherLine !== -1
      ? {
          voucher: {
            code: request.voucher.code,
            name: request.voucher.name,
            description: request.voucher.description ?? "",
            discount,
          },
        }
      : {}),
  };
}

/** A pass's items as its basket line lists them: those the store answered an id and title for. */
function passContent(licence: Licence): { content?: BasketContent[] } {
  const content = (licence.content ?? []).flatMap((ref) =>
    ref.id !== undefined && ref.title !== undefined
      ? [{ type: ref.type, id: ref.id, title: ref.title }]
      : [],
  );
  return content.length > 0 ? { content } : {};
}
