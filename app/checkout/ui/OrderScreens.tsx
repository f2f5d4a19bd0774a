import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { appEvents } from "../../analytics/app-events.ts";
import { useT } from "../../i18n/i18n.ts";
import { FormMessage } from "../../identity/ui/fields.tsx";
import { useRootData } from "../../realm/use-root-data.ts";
import { useHydrated } from "../../ui/client-state.tsx";
import { dateTimeFormat } from "../../ui/intl.ts";
import { formatMoney, trialDate } from "../money.ts";
import type { OrderView } from "../order.server.ts";

const POLL_MS = 2_000;

/** Looks again every two seconds while the order waits for its provider. */
function usePollWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
}

/** What a completed order bought and cost, and when the next charge falls. */
function OrderDetails({ view }: { view: OrderView }) {
  const t = useT();
  const locale = useRootData()?.locale;
  const order = view.order!;
  const basket = order.basket;
  const money = (amount: number) =>
    formatMoney(locale, { amount, scale: basket.scale, currency: basket.currency });
  const renews = order.entitlements.find((e) => e.endsAt !== null)?.endsAt;
  return (
    <dl className="order-details">
      <div>
        <dt>{t("orderLicence")}</dt>
        <dd>{basket.basketItems.map((item) => item.name).join(", ")}</dd>
      </div>
      <div>
        <dt>{t("orderPaid")}</dt>
        <dd>{money(basket.total)}</dd>
      </div>
      {basket.firstCharge ? (
        <div>
          <dt>{t("orderNextCharge")}</dt>
          <dd>
            {t("amountOnDate", {
              amount: money(basket.firstCharge.total),
              date: trialDate(basket.firstCharge.date),
            })}
          </dd>
        </div>
      ) : renews ? (
        <div>
          <dt>{t("orderRenews")}</dt>
          <dd>{dateTimeFormat(locale, { dateStyle: "long" }).format(new Date(renews))}</dd>
        </div>
      ) : null}
      {order.paymentMethod ? (
        <div>
          <dt>{t("orderPaymentMethod")}</dt>
          <dd>
            {order.paymentMethod.last4
              ? t("cardEnding", {
                  brand: order.paymentMethod.brand,
                  last4: order.paymentMethod.last4,
                })
              : order.paymentMethod.brand}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t("orderNumber")}</dt>
        <dd className="order-id">{order.orderId}</dd>
      </div>
    </dl>
  );
}

/** Copies the Pix code; offered once the page runs script, as nothing else could copy. */
function CopyButton({ text }: { text: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true));
        }}
      >
        {t("pixCopy")}
      </button>
      <span role="status">{copied ? t("pixCopied") : ""}</span>
    </>
  );
}

/**
 * A Pix charge waiting to be paid: its QR code for the banking app, the same code to copy, the
 * time it lapses, and (this being the sandbox) the page that pays it. The page looks again
 * every two seconds and moves on by itself once the bank says it was paid.
 */
function PixCharge({ view }: { view: OrderView }) {
  const t = useT();
  const locale = useRootData()?.locale;
  const codeId = useId();
  const location = useLocation();
  const pix = view.pix!;
  const basket = view.order!.basket;
  const amount = formatMoney(locale, {
    amount: basket.firstCharge ? basket.firstCharge.total : basket.total,
    scale: basket.scale,
    currency: basket.currency,
  });
  const time = dateTimeFormat(locale, { timeStyle: "short" }).format(new Date(pix.expiresAt));
  return (
    <div className="pix-charge">
      <p>{t("pixText")}</p>
      <svg
        className="pix-qr"
        role="img"
        aria-label={t("pixQrLabel", { amount })}
        viewBox={`0 0 ${pix.qr.size} ${pix.qr.size}`}
        shapeRendering="crispEdges"
      >
        <rect width={pix.qr.size} height={pix.qr.size} fill="#fff" />
        <path d={pix.qr.path} fill="#000" />
      </svg>
      <label htmlFor={codeId}>{t("pixCode")}</label>
      <div className="pix-code">
        <input id={codeId} readOnly value={pix.payload} onFocus={(e) => e.target.select()} />
        <CopyButton text={pix.payload} />
      </div>
      <p role="status">{t("pixExpires", { time })}</p>
      <div className="checkout-actions">
        <a className="button button-primary" href={pix.payUrl}>
          {t("pixOpenSandboxBank")}
        </a>
        <Link className="button" to={`${location.pathname}${location.search}`} reloadDocument>
          {t("checkAgain")}
        </Link>
      </div>
    </div>
  );
}

/** Where the orders already reported as completed are remembered, for this tab. */
const REPORTED = "purchase-completed";

/** Reports a completed order once: a reload or a second visit of its confirmation is not news. */
function usePurchaseCompleted(view: OrderView) {
  const order = view.state === "completed" ? view.order : null;
  useEffect(() => {
    if (!order) return;
    let reported: string[] = [];
    try {
      reported = JSON.parse(sessionStorage.getItem(REPORTED) ?? "[]") as string[];
    } catch {
      // Storage unreadable (private mode, a broken value): report, and start afresh.
    }
    if (reported.includes(order.orderId)) return;
    const basket = order.basket;
    appEvents.emit("purchaseCompleted", {
      sku: order.licenceId,
      orderId: order.orderId,
      subscription: view.kind === "subscription",
      ...(basket.voucher ? { promotionCode: basket.voucher.code } : {}),
      amount: basket.total,
      scale: basket.scale,
      currency: basket.currency,
    });
    try {
      sessionStorage.setItem(REPORTED, JSON.stringify([...reported, order.orderId].slice(-20)));
    } catch {
      // Not remembered: a reload may report it again, which analytics deduplicate by order id.
    }
  }, [order, view.kind]);
}

/**
 * Payment confirmation, subscription confirmation and payment authorization (spec section 2):
 * done, still waiting, or failed with the way back to try again; nothing is charged twice
 * however often the page is loaded.
 */
export function OrderScreen() {
  const t = useT();
  const view = useLoaderData() as unknown as OrderView;
  const location = useLocation();
  usePollWhilePending(view.state === "pending");
  usePurchaseCompleted(view);
  const title =
    view.state === "completed"
      ? view.kind === "subscription"
        ? t("subscriptionConfirmed")
        : t("paymentConfirmed")
      : view.state === "pending"
        ? view.pix
          ? t("pixTitle")
          : t("paymentPending")
        : view.state === "failed"
          ? t("paymentNotCompleted")
          : t("checkoutTitle");
  return (
    <section
      className="checkout order-result"
      aria-labelledby="order-title"
      data-state={view.state}
    >
      <h1 id="order-title">{title}</h1>
      {view.state === "completed" ? (
        <>
          <p>
            {view.order?.gift
              ? t("giftOrderThanks", { email: view.order.gift.recipientEmail })
              : t("orderThanks")}
          </p>
          <OrderDetails view={view} />
          <Link className="button button-primary" to={view.continueHref}>
            {t("startWatching")}
          </Link>
        </>
      ) : view.state === "pending" && view.pix ? (
        <PixCharge view={view} />
      ) : view.state === "pending" ? (
        <>
          <p role="status">{t("paymentPendingText")}</p>
          <Link className="button" to={`${location.pathname}${location.search}`} reloadDocument>
            {t("checkAgain")}
          </Link>
        </>
      ) : (
        <>
          <FormMessage
            label={view.label ?? (view.state === "failed" ? "paymentFailed" : "orderUnavailable")}
            requestId={view.requestId}
          />
          <div className="checkout-actions">
            {view.retryHref ? (
              <Link className="button button-primary" to={view.retryHref}>
                {t("tryAnotherWayToPay")}
              </Link>
            ) : null}
            <Link className="button" to={view.continueHref}>
              {t("backToHome")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
