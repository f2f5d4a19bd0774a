import { Form, Link } from "@remix-run/react";
import type { AccountSubscription } from "../../../contract/generated/account.ts";
import { formatMoney } from "../../checkout/money.ts";
import { useT } from "../../i18n/i18n.ts";
import { useRootData } from "../../realm/use-root-data.ts";
import { LocalTime } from "../../ui/LocalTime.tsx";
import { Refusal, useAnswer, useBusy } from "./answers.tsx";

type Migration = NonNullable<AccountSubscription["upcomingPriceMigration"]>;

const DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };
const INSTANT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * A subscription's upcoming price (spec sections 3 and 4, price migration), listed while its
 * consent deadline is in the future and the subscriber has not confirmed: the old and new
 * price, from when, until when to answer, what happens without an answer (by the licence's
 * period), and the choice: accept (a plain form) or cancel (the cancellation step).
 */
export function PriceMigrationNotice({
  orderId,
  migration,
  cancelHref,
}: {
  orderId: string;
  migration: Migration;
  cancelHref?: string;
}) {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const answer = useAnswer("acceptPriceMigration");
  const busy = useBusy("acceptPriceMigration");
  const titleId = `price-migration-${orderId}`;
  const money = (price: Migration["oldPrice"]) =>
    formatMoney(locale, { ...price, amount: price.total });
  return (
    <section aria-labelledby={titleId} className="account-price-migration">
      <h4 id={titleId}>{t("priceMigrationTitle", { name: migration.name })}</h4>
      <dl className="account-facts">
        <dt>{t("priceMigrationCurrent")}</dt>
        <dd>{money(migration.oldPrice)}</dd>
        <dt>{t("priceMigrationNew")}</dt>
        <dd>{money(migration.newPrice)}</dd>
        <dt>{t("priceMigrationFrom")}</dt>
        <dd>
          <LocalTime iso={`${migration.effectiveDate}T00:00:00Z`} locale={locale} options={DAY} />
        </dd>
        <dt>{t("priceMigrationDeadline")}</dt>
        <dd>
          <LocalTime iso={migration.consent.deadline} locale={locale} options={INSTANT} />
        </dd>
      </dl>
      <p>
        {t(
          migration.purchaseStrategy.subscriptionPeriod === "ANNUAL"
            ? "priceMigrationEndsRule"
            : "priceMigrationRenewsRule",
        )}
      </p>
      {answer?.values.orderId === orderId ? <Refusal answer={answer} /> : null}
      <div className="account-confirm-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="acceptPriceMigration" />
          <input type="hidden" name="orderId" value={orderId} />
          <button type="submit" className="button" disabled={busy}>
            {t("acceptPriceMigration")}
            <span className="visually-hidden"> {migration.name}</span>
          </button>
        </Form>
        {cancelHref ? (
          <Link to={cancelHref} className="button button-secondary" preventScrollReset>
            {t("cancelInstead")}
            <span className="visually-hidden"> {migration.name}</span>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
