import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useT } from "../../i18n/i18n.ts";
import { FormMessage } from "../../identity/ui/fields.tsx";
import { useRootData } from "../../realm/use-root-data.ts";
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
            {t("cardEnding", {
              brand: order.paymentMethod.brand,
              last4: order.paymentMethod.last4,
            })}
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
  const title =
    view.state === "completed"
      ? view.kind === "subscription"
        ? t("subscriptionConfirmed")
        : t("paymentConfirmed")
      : view.state === "pending"
        ? t("paymentPending")
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
          <p>{t("orderThanks")}</p>
          <OrderDetails view={view} />
          <Link className="button button-primary" to={view.continueHref}>
            {t("startWatching")}
          </Link>
        </>
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
