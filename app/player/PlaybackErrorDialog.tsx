import { AlertDialog } from "radix-ui";
import { formatMoney } from "../checkout/money.ts";
import { listPrice, pricePeriodLabel } from "../checkout/ui/SubscriptionSummary.tsx";
import { useT } from "../i18n/i18n.ts";
import type { LicenceOffers } from "./licence-offers.ts";
import { PLAYBACK_ERROR_LABELS, type PlaybackRefusal } from "./playback-errors.ts";

/**
 * The playback error modal (spec section 8). Authentication errors offer a fresh start at the
 * realm's root (a full load, so a new session is made); every case offers the default page.
 * A viewer without a licence is offered the checkout, which brings them back: with the licence
 * preselected where a pay-per-view pass opens what was refused (with the subscriptions that
 * open it too), else at its list of plans.
 * Crawlers never get here: their pages are rendered without a stream.
 */
export function PlaybackErrorDialog({
  refusal,
  rootHref,
  defaultHref,
  purchaseHref,
  offers,
  itemKind,
  locale,
}: {
  refusal: PlaybackRefusal;
  rootHref: string;
  defaultHref: string;
  /** The checkout (with a licence preselected, or the plans), coming back here after. */
  purchaseHref: (licence?: string) => string;
  /** What opens the refused item: its passes first, then the subscriptions covering it. */
  offers: LicenceOffers;
  itemKind: "event" | "video";
  locale: string;
}) {
  const t = useT();
  // A pass for this item is offered with the subscriptions that also open it; without one,
  // the checkout's own list of plans is the choice.
  const passes = offers.passes;
  const plans = passes.length > 0 ? offers.subscriptions : [];
  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="account-overlay" />
        <AlertDialog.Content className="account-dialog playback-error" data-error={refusal.error}>
          <AlertDialog.Title className="account-dialog-title">
            {t("playbackErrorTitle")}
          </AlertDialog.Title>
          <AlertDialog.Description className="account-dialog-text">
            {t(PLAYBACK_ERROR_LABELS[refusal.error])}
          </AlertDialog.Description>
          <div className="playback-error-actions">
            {refusal.error === "authentication" ? (
              <AlertDialog.Action asChild>
                <a className="button button-primary" href={rootHref}>
                  {t("refresh")}
                </a>
              </AlertDialog.Action>
            ) : refusal.error === "notLicensed" ? (
              <>
                {passes.map((pass) => (
                  <a key={pass.id} className="button button-primary" href={purchaseHref(pass.id)}>
                    {t(itemKind === "event" ? "buyThisEventFor" : "buyThisVideoFor", {
                      amount: formatMoney(locale, listPrice(pass)),
                    })}
                  </a>
                ))}
                {plans.map((plan) => (
                  <a key={plan.id} className="button" href={purchaseHref(plan.id)}>
                    {t("subscribeToPlan", {
                      name: plan.name,
                      price: t(pricePeriodLabel(plan), {
                        amount: formatMoney(locale, listPrice(plan)),
                      }),
                    })}
                  </a>
                ))}
                {passes.length > 0 ? null : (
                  <AlertDialog.Action asChild>
                    <a className="button button-primary" href={purchaseHref()}>
                      {t("subscribe")}
                    </a>
                  </AlertDialog.Action>
                )}
                <AlertDialog.Cancel asChild>
                  <a className="button" href={defaultHref}>
                    {t("backToHome")}
                  </a>
                </AlertDialog.Cancel>
              </>
            ) : (
              <AlertDialog.Action asChild>
                <a className="button button-primary" href={defaultHref}>
                  {t("backToHome")}
                </a>
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
