import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Order } from "../../contract/generated/order.ts";
import { formatMoney } from "../checkout/money.ts";
import { useT } from "../i18n/i18n.ts";
import { orderStatusText, paymentMethodText } from "../invoice/invoice.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { LocalTime } from "../ui/LocalTime.tsx";
import { AdminNav, AdminSearch, Pager } from "./AdminNav.tsx";
import type { adminOrdersAction, adminOrdersLoader } from "./orders.server.ts";
import { typedAmount } from "./refund-amount.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** What is left to give back of a paid order; 0 for one that took nothing or is all refunded. */
const leftToRefund = (order: Order) =>
  order.status === "COMPLETED" ? order.basket.total - (order.refunded?.amount ?? 0) : 0;

/** `/admin/orders`: find a payment of the realm and give back all or part of it. */
export function AdminOrdersScreen() {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const { q, orders, refundKeys } = useLoaderData<typeof adminOrdersLoader>();
  const outcome = useActionData<typeof adminOrdersAction>();
  const navigation = useNavigation();
  const money = (order: Order, amount: number) =>
    formatMoney(locale, { amount, scale: order.basket.scale, currency: order.basket.currency });
  const done = outcome && "refunded" in outcome ? outcome : null;
  return (
    <section className="admin-page" aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title">{t("adminOrdersTitle")}</h1>
      <AdminNav />
      <AdminSearch label="findOrders" q={q} />
      <div role="status" className="admin-outcome">
        {done ? (
          <p className="form-message form-message-success">
            {t("refundDone", {
              amount: formatMoney(locale, done.refunded),
              orderId: done.orderId,
            })}
          </p>
        ) : null}
      </div>
      {orders.hits.length === 0 ? (
        <p>{t("noOrdersFound")}</p>
      ) : (
        <div
          className="account-table-scroll"
          role="region"
          // Wider than a phone: focusable so keyboard users can scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-labelledby="admin-orders-title"
        >
          <table className="admin-table">
            <caption className="visually-hidden">{t("adminOrdersTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("orderId")}</th>
                <th scope="col">{t("paymentDate")}</th>
                <th scope="col">{t("orderBuyer")}</th>
                <th scope="col">{t("paymentItem")}</th>
                <th scope="col">{t("paymentAmount")}</th>
                <th scope="col">{t("paymentMethodColumn")}</th>
                <th scope="col">{t("paymentStatus")}</th>
                <th scope="col">{t("refundAction")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.hits.map(({ order, email, createdAt }) => {
                const left = leftToRefund(order);
                const problem =
                  outcome && "error" in outcome && outcome.orderId === order.orderId
                    ? outcome
                    : null;
                const problemId = `refund-problem-${order.orderId}`;
                const sending =
                  navigation.state === "submitting" &&
                  navigation.formData?.get("orderId") === order.orderId;
                return (
                  <tr key={order.orderId}>
                    <th scope="row">
                      <code>{order.orderId}</code>
                    </th>
                    <td>
                      <LocalTime iso={createdAt} locale={locale} options={WHEN} />
                    </td>
                    <td>{email}</td>
                    <td>{order.basket.basketItems.map((item) => item.name).join(", ")}</td>
                    <td>{money(order, order.basket.total)}</td>
                    <td>{order.paymentMethod ? paymentMethodText(order.paymentMethod) : "–"}</td>
                    <td>{orderStatusText(t, locale, order)}</td>
                    <td>
                      {left > 0 ? (
                        <Form method="post" className="admin-refund">
                          <input type="hidden" name="orderId" value={order.orderId} />
                          <input
                            type="hidden"
                            name="idempotencyKey"
                            value={refundKeys[order.orderId]}
                          />
                          <input type="hidden" name="scale" value={order.basket.scale} />
                          <input
                            // A refund made changes what is left: the field starts again from it.
                            key={left}
                            name="amount"
                            inputMode="decimal"
                            autoComplete="off"
                            size={8}
                            required
                            defaultValue={typedAmount(left, order.basket.scale)}
                            aria-label={t("refundAmountFor", { orderId: order.orderId })}
                            aria-invalid={problem?.field === "amount" ? true : undefined}
                            aria-describedby={problem ? problemId : `refund-left-${order.orderId}`}
                          />
                          <span id={`refund-left-${order.orderId}`} className="admin-refund-left">
                            {t("refundLeft", { amount: money(order, left) })}
                          </span>
                          <button
                            type="submit"
                            className="button"
                            disabled={sending}
                            aria-label={t("refundActionFor", { orderId: order.orderId })}
                          >
                            {t("refundAction")}
                          </button>
                          {problem ? (
                            <p id={problemId} className="form-message form-message-error">
                              {t(problem.error)}
                            </p>
                          ) : null}
                        </Form>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={orders.page} totalPages={orders.totalPages} query={q ? { q } : {}} />
    </section>
  );
}
