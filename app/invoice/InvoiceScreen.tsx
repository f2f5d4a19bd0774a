import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useT } from "../i18n/i18n.ts";
import { useHydrated } from "../ui/client-state.tsx";
import type { InvoiceView } from "./invoice.server.ts";

/**
 * An invoice, laid out to print (the browser's print leaves the site's frame out): seller,
 * buyer, number and date, the lines and the totals, with a PDF of the same.
 */
export function InvoiceScreen() {
  const t = useT();
  const hydrated = useHydrated();
  const { invoice, pdf, back } = useLoaderData<InvoiceView>();
  return (
    <div className="invoice-page">
      <div className="invoice-actions">
        <Link to={back}>{t("invoiceBack")}</Link>
        <a className="button" href={pdf} download>
          {t("invoiceDownload")}
        </a>
        {/* Printing needs the script; without it the browser's own print does the same. */}
        {hydrated ? (
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            {t("invoicePrint")}
          </button>
        ) : null}
      </div>
      <article className="invoice" aria-labelledby="invoice-title">
        <header className="invoice-head">
          <p className="invoice-seller">{invoice.seller}</p>
          <h1 id="invoice-title">{t("invoiceTitle")}</h1>
          <dl className="invoice-facts">
            <dt>{t("invoiceNumber")}</dt>
            <dd>{invoice.number}</dd>
            <dt>{t("invoiceDate")}</dt>
            <dd>{invoice.date}</dd>
          </dl>
        </header>
        <div className="invoice-parties">
          <section aria-labelledby="invoice-seller">
            <h2 id="invoice-seller">{t("invoiceSeller")}</h2>
            <p>{invoice.seller}</p>
          </section>
          <section aria-labelledby="invoice-buyer">
            <h2 id="invoice-buyer">{t("invoiceBuyer")}</h2>
            <p>
              {invoice.buyer.name ? (
                <>
                  {invoice.buyer.name}
                  <br />
                </>
              ) : null}
              {invoice.buyer.email}
              {invoice.buyer.address.map((line) => (
                <Fragment key={line}>
                  <br />
                  {line}
                </Fragment>
              ))}
            </p>
          </section>
        </div>
        <table className="invoice-lines">
          <caption className="visually-hidden">{t("invoiceLines")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("invoiceDescription")}</th>
              <th scope="col">{t("invoicePrice")}</th>
              <th scope="col">{t("paymentAmount")}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td>{line.price}</td>
                <td>{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {invoice.totals.map((total) => (
              <tr key={total.label} className={total.grand ? "invoice-grand-total" : undefined}>
                <th scope="row" colSpan={2}>
                  {total.label}
                </th>
                <td>{total.amount}</td>
              </tr>
            ))}
          </tfoot>
        </table>
        {invoice.paidWith ? (
          <p>
            {t("subscriptionPaidWith")}: {invoice.paidWith}
          </p>
        ) : null}
      </article>
    </div>
  );
}
