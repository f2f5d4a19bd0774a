import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { AccountSubscription } from "../../../contract/generated/account.ts";
import type { Order } from "../../../contract/generated/order.ts";
import type { UserDetails } from "../../../contract/generated/user-details.ts";
import { formatMoney } from "../../checkout/money.ts";
import { orderStatusText, paymentMethodText } from "../../invoice/invoice.ts";
import { useT } from "../../i18n/i18n.ts";
import { useRootData } from "../../realm/use-root-data.ts";
import { LocalTime } from "../../ui/LocalTime.tsx";
import { PromoBody, PromoImage } from "../../ui/PromoCard.tsx";
import { PreferencesForms } from "../PreferencesDialog.tsx";
import { Field } from "../ui.tsx";
import type { accountLoader } from "./account-page.server.ts";
import { SECTION_LABELS } from "./sections.ts";
import { AddressBook, BillingDetailsForm } from "./AddressesPart.tsx";
import { Refusal, useAnswer, useBusy } from "./answers.tsx";
import { PaymentMethods, SavedCards } from "./CardsPart.tsx";
import { PartitionForm } from "./PartitionsPart.tsx";
import { ChangePlanLink, PlanChangeStep, ScheduledChangeNote } from "./PlanChangePart.tsx";
import { PriceMigrationNotice } from "./PriceMigrationPart.tsx";
import type { DeviceDescription } from "./device.ts";
import type { CancelStep, DeviceSession, SectionView } from "./view.ts";

const PERIOD_LABELS = {
  DAILY: "billedDaily",
  MONTHLY: "billedMonthly",
  ANNUAL: "billedAnnually",
} as const satisfies Record<NonNullable<AccountSubscription["period"]>, string>;

const DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };
/** Calendar dates (a charge day) are days, not instants: shown as the platform counts them. */
const UTC_DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };

function useLocale() {
  return useRootData()?.locale ?? "en";
}

/**
 * The account page (spec section 2): the sections as tabs that are links, so each has its URL
 * and the page works without scripts, and the current section below them.
 */
export function AccountScreen() {
  const t = useT();
  const view = useLoaderData<typeof accountLoader>();
  return (
    <div className="account-page">
      <h1>{t("accountTitle")}</h1>
      <nav aria-label={t("accountSections")} className="account-tabs">
        <ul>
          {view.tabs.map((tab) => (
            <li key={tab.section}>
              <Link
                to={tab.href}
                aria-current={tab.section === view.section ? "page" : undefined}
                preventScrollReset
              >
                {t(SECTION_LABELS[tab.section])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="account-section-title" className="account-section">
        <h2 id="account-section-title">{t(SECTION_LABELS[view.section])}</h2>
        <SectionBody content={view.content} />
      </section>
    </div>
  );
}

function SectionBody({ content }: { content: SectionView }) {
  const t = useT();
  if ("failed" in content) {
    return (
      <div className="account-message" role="alert">
        <p>{t("accountSectionFailed")}</p>
        <a className="button" href={content.retry}>
          {t("tryAgain")}
        </a>
      </div>
    );
  }
  switch (content.section) {
    case "subscriptions":
      return (
        <>
          {content.confirmCancel ? <ConfirmCancellation step={content.confirmCancel} /> : null}
          {content.planChange ? <PlanChangeStep step={content.planChange} /> : null}
          <Subscriptions
            items={content.items}
            plans={content.plans}
            cancelHrefs={content.cancelHrefs}
            changeHrefs={content.changeHrefs}
            listedMigrations={content.listedMigrations}
          />
        </>
      );
    case "accountdetails":
      return (
        <>
          <DetailsForm details={content.details} />
          <AddressBook addresses={content.addresses} countries={content.countries} />
          <BillingDetailsForm
            details={content.details}
            addresses={content.addresses}
            countries={content.countries}
          />
        </>
      );
    case "paymentdetails":
      return (
        <>
          <PaymentMethods items={content.paymentMethods} />
          <SavedCards
            cards={content.cards}
            moreCards={content.moreCards}
            failed={content.cardsFailed}
          />
          <PaymentHistoryTable
            orders={content.history.items}
            invoices={content.invoices}
            page={content.history.page}
            pages={content.history.pages}
            previous={content.previous}
            next={content.next}
          />
        </>
      );
    case "preferences":
      return (
        <PreferencesForms
          parental={content.parental}
          marketing={content.marketing}
          playback={content.playback}
          action={content.action}
        />
      );
    case "partitions":
      return <PartitionForm current={content.current} partitions={content.partitions} />;
    case "accountsecurity":
      return (
        <>
          <PasswordForm />
          <DeviceSessions sessions={content.sessions} />
          <SignOutOthersForm />
          <SignOutEverywhereForm />
          <LinkedProvidersList providers={content.providers} hasPassword={content.hasPassword} />
          <DownloadData href={content.dataExport} />
          <DeleteAccountForm />
        </>
      );
  }
}

/**
 * The step before a cancellation (CONFIRM_CANCELLATION): what the viewer is about to give up,
 * the realm's offer to stay, and the choice. It takes the focus when it opens.
 */
function ConfirmCancellation({ step }: { step: CancelStep }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useAnswer("cancel");
  const busy = useBusy("cancel");
  useEffect(() => heading.current?.focus(), [step.orderId]);
  return (
    <section aria-labelledby="cancel-title" className="account-confirm">
      <h3 id="cancel-title" ref={heading} tabIndex={-1}>
        {t("cancelConfirmTitle", { name: step.name })}
      </h3>
      <p>{t("cancelConfirmText")}</p>
      {step.promo ? (
        <aside aria-labelledby="cancel-promo-title" className="account-promo">
          <PromoImage url={step.promo.imageUrl} />
          <PromoBody
            heading={<h4 id="cancel-promo-title">{step.promo.title}</h4>}
            description={step.promo.description ? <p>{step.promo.description}</p> : null}
            cta={step.promo.cta}
            href={step.promo.href}
            openInNewTab={step.promo.openInNewTab}
          />
        </aside>
      ) : null}
      <Refusal answer={answer} />
      <div className="account-confirm-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="orderId" value={step.orderId} />
          <button type="submit" className="button" disabled={busy}>
            {t("confirmCancellation")}
          </button>
        </Form>
        <Link to={step.back} className="button button-secondary" preventScrollReset>
          {t("keepSubscription")}
        </Link>
      </div>
    </section>
  );
}

function ReactivateForm({ orderId, name }: { orderId: string; name: string }) {
  const t = useT();
  const busy = useBusy("reactivate");
  return (
    <Form method="post" className="account-inline-form">
      <input type="hidden" name="intent" value="reactivate" />
      <input type="hidden" name="orderId" value={orderId} />
      <button type="submit" className="button" disabled={busy}>
        {t("reactivateSubscription")}
        <span className="visually-hidden"> {name}</span>
      </button>
    </Form>
  );
}

function Subscriptions({
  items,
  plans,
  cancelHrefs,
  changeHrefs,
  listedMigrations,
}: {
  items: AccountSubscription[];
  plans: string;
  cancelHrefs: Record<string, string>;
  changeHrefs: Record<string, string>;
  listedMigrations: string[];
}) {
  const t = useT();
  const locale = useLocale();
  const refused = useAnswer("reactivate");
  if (items.length === 0) {
    return (
      <div className="account-message">
        <p>{t("subscriptionsEmpty")}</p>
        <Link className="button" to={plans}>
          {t("seePlans")}
        </Link>
      </div>
    );
  }
  return (
    <ul className="account-subscriptions">
      {items.map((item) => (
        <li key={item.orderId ?? `${item.licenceId}-${item.startsAt}`} className="account-card">
          <h3>{item.kind === "GIVEN" ? t("subscriptionGiven") : item.name}</h3>
          {item.kind === "GIFT" ? <p>{t("subscriptionGift")}</p> : null}
          <p>
            <span className={`account-status account-status-${item.status.toLowerCase()}`}>
              {t(item.status === "ACTIVE" ? "subscriptionActive" : "subscriptionEnded")}
            </span>
            {item.period ? <span> · {t(PERIOD_LABELS[item.period])}</span> : null}
          </p>
          <dl className="account-facts">
            <dt>{t("subscriptionSince")}</dt>
            <dd>
              <LocalTime iso={item.startsAt} locale={locale} options={DAY} />
            </dd>
            {item.nextCharge ? (
              <>
                <dt>{t("subscriptionNextCharge")}</dt>
                <dd>
                  <LocalTime
                    iso={`${item.nextCharge.date}T00:00:00Z`}
                    locale={locale}
                    options={UTC_DAY}
                  />
                  {" · "}
                  {formatMoney(locale, { ...item.nextCharge, amount: item.nextCharge.total })}
                </dd>
              </>
            ) : item.endsAt ? (
              <>
                <dt>{t(item.status === "ACTIVE" ? "subscriptionEnds" : "subscriptionEndedOn")}</dt>
                <dd>
                  <LocalTime iso={item.endsAt} locale={locale} options={DAY} />
                </dd>
              </>
            ) : null}
            {item.paymentMethod ? (
              <>
                <dt>{t("subscriptionPaidWith")}</dt>
                <dd>{paymentMethodText(item.paymentMethod)}</dd>
              </>
            ) : null}
          </dl>
          <ScheduledChangeNote change={item.scheduledChange} />
          {item.orderId && changeHrefs[item.orderId] ? (
            <ChangePlanLink href={changeHrefs[item.orderId]!} name={item.name} />
          ) : null}
          {item.renewalState ? (
            <p className="account-cancelled">
              {t(
                item.renewalState === "PAST_DUE"
                  ? "subscriptionPastDue"
                  : "subscriptionRenewalStopped",
              )}
            </p>
          ) : null}
          {item.orderId &&
          item.upcomingPriceMigration &&
          listedMigrations.includes(item.orderId) ? (
            <PriceMigrationNotice
              orderId={item.orderId}
              migration={item.upcomingPriceMigration}
              cancelHref={cancelHrefs[item.orderId]}
            />
          ) : null}
          {item.cancelledAt && item.status === "ACTIVE" && item.orderId ? (
            <>
              <p className="account-cancelled">{t("subscriptionCancelledNote")}</p>
              <Refusal answer={refused} />
              <ReactivateForm orderId={item.orderId} name={item.name} />
            </>
          ) : item.orderId && cancelHrefs[item.orderId] ? (
            <Link to={cancelHrefs[item.orderId]!} preventScrollReset>
              {t("cancelSubscription")}
              <span className="visually-hidden"> {item.name}</span>
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const DETAIL_INPUTS: {
  name: string;
  type: string;
  autoComplete: string;
  value: (d: UserDetails) => string | null;
}[] = [
  { name: "fullName", type: "text", autoComplete: "name", value: (d) => d.name.fullName },
  {
    name: "preferredName",
    type: "text",
    autoComplete: "nickname",
    value: (d) => d.name.preferredName,
  },
  { name: "contactEmail", type: "email", autoComplete: "email", value: (d) => d.contactEmail },
  { name: "phoneNumber", type: "tel", autoComplete: "tel", value: (d) => d.phoneNumber },
  { name: "birthDate", type: "text", autoComplete: "bday", value: (d) => d.birthDate },
  { name: "taxNumber", type: "text", autoComplete: "off", value: (d) => d.taxNumber },
];

function DetailsForm({ details }: { details: UserDetails }) {
  const t = useT();
  const answer = useAnswer("details");
  const busy = useBusy("details");
  return (
    <Form method="post" className="account-form" noValidate>
      <input type="hidden" name="intent" value="details" />
      <p className="account-signin-email">
        {t("signInEmail")}: <strong>{details.email}</strong>
      </p>
      {DETAIL_INPUTS.map((input) => (
        <Field
          // A refused form starts again from what was typed, not from the saved details.
          key={`${input.name}-${answer ? "typed" : "saved"}`}
          name={input.name}
          label={t(input.name as "fullName")}
          type={input.type}
          autoComplete={input.autoComplete}
          defaultValue={answer ? answer.values[input.name] : (input.value(details) ?? "")}
          error={answer?.field === input.name ? (answer.message ?? null) : null}
        />
      ))}
      <Refusal answer={answer} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("saving") : t("saveDetails")}
      </button>
    </Form>
  );
}

function PaymentHistoryTable({
  orders,
  invoices,
  page,
  pages,
  previous,
  next,
}: {
  orders: Order[];
  invoices: Record<string, string>;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="payment-history-title">
      <h3 id="payment-history-title">{t("paymentHistoryTitle")}</h3>
      {orders.length === 0 ? (
        <p>{t("paymentHistoryEmpty")}</p>
      ) : (
        <div className="account-table-scroll">
          <table className="account-table">
            <thead>
              <tr>
                <th scope="col">{t("paymentDate")}</th>
                <th scope="col">{t("paymentItem")}</th>
                <th scope="col">{t("paymentAmount")}</th>
                <th scope="col">{t("paymentMethodColumn")}</th>
                <th scope="col">{t("paymentStatus")}</th>
                <th scope="col">{t("invoiceTitle")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderId}>
                  <td>
                    {order.completedAt ? (
                      <LocalTime iso={order.completedAt} locale={locale} options={DAY} />
                    ) : (
                      "–"
                    )}
                  </td>
                  <td>
                    {order.basket.basketItems.map((i) => i.name).join(", ")}
                    {order.gift ? (
                      <span className="account-gift" data-testid="gift-state">
                        {" "}
                        ({t("giftForRecipient", { email: order.gift.recipientEmail })}:{" "}
                        {t(order.gift.redeemed ? "giftRedeemedState" : "giftNotRedeemedState")})
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {formatMoney(locale, {
                      amount: order.basket.total,
                      scale: order.basket.scale,
                      currency: order.basket.currency,
                    })}
                  </td>
                  <td>{order.paymentMethod ? paymentMethodText(order.paymentMethod) : "–"}</td>
                  <td>{orderStatusText(t, locale, order)}</td>
                  <td>
                    {invoices[order.orderId] ? (
                      <Link to={invoices[order.orderId]!}>
                        {t("invoiceView")}
                        <span className="visually-hidden">
                          {" "}
                          {order.basket.basketItems.map((i) => i.name).join(", ")}, {order.orderId}
                        </span>
                      </Link>
                    ) : (
                      "–"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label={t("paymentHistoryPages")} className="account-pager">
          {previous ? <Link to={previous}>{t("previousPage")}</Link> : null}
          <span>{t("pageOfPages", { page, pages })}</span>
          {next ? <Link to={next}>{t("nextPage")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function PasswordForm() {
  const t = useT();
  const answer = useAnswer("password");
  const busy = useBusy("password");
  const error = (field: string) =>
    answer?.field === field
      ? (answer.message ?? t(answer.error ?? "errorOccurredPleaseTryAgain"))
      : null;
  return (
    <section aria-labelledby="change-password-title">
      <h3 id="change-password-title">{t("changePasswordTitle")}</h3>
      <p>{t("changePasswordText")}</p>
      <Form method="post" className="account-form" key={answer ? "refused" : "fresh"}>
        <input type="hidden" name="intent" value="password" />
        <Field
          name="currentPassword"
          label={t("currentPassword")}
          type="password"
          autoComplete="current-password"
          required
          error={error("currentPassword")}
        />
        <Field
          name="newPassword"
          label={t("newPassword")}
          hint={t("yourPasswordRules")}
          type="password"
          autoComplete="new-password"
          minLength={6}
          maxLength={24}
          required
          error={error("newPassword")}
        />
        <Refusal answer={answer && !answer.field ? answer : undefined} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("saving") : t("changePasswordTitle")}
        </button>
      </Form>
    </section>
  );
}

function SignOutOthersForm() {
  const t = useT();
  const answer = useAnswer("signOutOthers");
  const busy = useBusy("signOutOthers");
  return (
    <section aria-labelledby="sign-out-others-title" className="account-security-part">
      <h3 id="sign-out-others-title">{t("signOutOthersTitle")}</h3>
      <p>{t("signOutOthersText")}</p>
      <Refusal answer={answer} />
      <Form method="post">
        <input type="hidden" name="intent" value="signOutOthers" />
        <button type="submit" className="button" disabled={busy}>
          {t("signOutOthersTitle")}
        </button>
      </Form>
    </section>
  );
}

const ACTIVE_AT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

function useDeviceName() {
  const t = useT();
  return (device: DeviceDescription) =>
    t("deviceDescription", {
      browser: device.browser ?? t("deviceUnknownBrowser"),
      system: device.system ?? t("deviceUnknownSystem"),
    });
}

/** The account's signed-in sessions: which device, when last active, and a way to end each. */
function DeviceSessions({ sessions }: { sessions: DeviceSession[] }) {
  const t = useT();
  const locale = useLocale();
  const deviceName = useDeviceName();
  const answer = useAnswer("endSession");
  const navigation = useNavigation();
  const ending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "endSession"
      ? String(navigation.formData.get("sessionId"))
      : null;
  return (
    <section aria-labelledby="devices-title" className="account-security-part">
      <h3 id="devices-title">{t("devicesTitle")}</h3>
      <p>{t("devicesText")}</p>
      <Refusal answer={answer} />
      <ul className="account-devices" aria-labelledby="devices-title">
        {sessions.map((session) => (
          <li key={session.id} className="account-card account-device">
            <p className="account-device-name">
              <strong>{deviceName(session.device)}</strong>
              {session.current ? (
                <span className="account-status account-status-active">{t("thisDevice")}</span>
              ) : null}
            </p>
            <p>
              {t("deviceLastActive")}:{" "}
              <LocalTime iso={session.lastActiveAt} locale={locale} options={ACTIVE_AT} />
            </p>
            {session.current ? null : (
              <Form method="post" className="account-inline-form">
                <input type="hidden" name="intent" value="endSession" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  className="button button-secondary"
                  disabled={ending === session.id}
                >
                  {t("signOutDevice")}
                  <span className="visually-hidden"> {deviceName(session.device)}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignOutEverywhereForm() {
  const t = useT();
  const answer = useAnswer("signOutEverywhere");
  const busy = useBusy("signOutEverywhere");
  return (
    <section aria-labelledby="sign-out-everywhere-title" className="account-security-part">
      <h3 id="sign-out-everywhere-title">{t("signOutEverywhereTitle")}</h3>
      <p>{t("signOutEverywhereText")}</p>
      <Refusal answer={answer} />
      <Form method="post">
        <input type="hidden" name="intent" value="signOutEverywhere" />
        <button type="submit" className="button" disabled={busy}>
          {t("signOutEverywhereTitle")}
        </button>
      </Form>
    </section>
  );
}

/** The outside sign-in providers linked to the account, each with a way to unlink it. */
function LinkedProvidersList({
  providers,
  hasPassword,
}: {
  providers: { id: number; provider: string; email: string | null; linkedAt: string }[];
  hasPassword: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const answer = useAnswer("unlinkProvider");
  const busy = useBusy("unlinkProvider");
  return (
    <section aria-labelledby="linked-providers-title" className="account-security-part">
      <h3 id="linked-providers-title">{t("linkedProvidersTitle")}</h3>
      <Refusal answer={answer} />
      {providers.length === 0 ? (
        <p>{t("linkedProvidersEmpty")}</p>
      ) : (
        <ul className="account-devices" aria-labelledby="linked-providers-title">
          {providers.map((provider) => (
            <li key={provider.id} className="account-card account-device">
              <p className="account-device-name">
                <strong>{provider.provider}</strong>
                {provider.email ? <span> · {provider.email}</span> : null}
              </p>
              <p>
                {t("linkedSince")}:{" "}
                <LocalTime iso={provider.linkedAt} locale={locale} options={DAY} />
              </p>
              {!hasPassword && providers.length === 1 ? (
                <p className="account-note">{t("lastSignInMethod")}</p>
              ) : null}
              <Form method="post" className="account-inline-form">
                <input type="hidden" name="intent" value="unlinkProvider" />
                <input type="hidden" name="providerId" value={provider.id} />
                <button type="submit" className="button button-secondary" disabled={busy}>
                  {t("unlinkProvider")}
                  <span className="visually-hidden"> {provider.provider}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DownloadData({ href }: { href: string }) {
  const t = useT();
  return (
    <section aria-labelledby="download-data-title" className="account-security-part">
      <h3 id="download-data-title">{t("downloadDataTitle")}</h3>
      <p>{t("downloadDataText")}</p>
      {/* A file, not a page: the browser downloads it, so it is a plain link. */}
      <a className="button button-secondary" href={href} download>
        {t("downloadData")}
      </a>
    </section>
  );
}

function DeleteAccountForm() {
  const t = useT();
  const answer = useAnswer("deleteAccount");
  const busy = useBusy("deleteAccount");
  const error =
    answer?.field === "deletePassword"
      ? (answer.message ?? t(answer.error ?? "errorOccurredPleaseTryAgain"))
      : null;
  return (
    <section aria-labelledby="delete-account-title" className="account-security-part">
      <h3 id="delete-account-title">{t("deleteAccountTitle")}</h3>
      <p>{t("deleteAccountText")}</p>
      <Form method="post" className="account-form" key={answer ? "refused" : "fresh"}>
        <input type="hidden" name="intent" value="deleteAccount" />
        <Field
          name="deletePassword"
          label={t("deleteAccountPassword")}
          type="password"
          autoComplete="current-password"
          required
          error={error}
        />
        <Refusal answer={answer && !answer.field ? answer : undefined} />
        <button type="submit" className="button" disabled={busy}>
          {t("deleteAccountConfirm")}
        </button>
      </Form>
    </section>
  );
}
