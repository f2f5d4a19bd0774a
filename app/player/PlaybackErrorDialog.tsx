import { AlertDialog } from "radix-ui";
import { useT } from "../i18n/i18n.ts";
import { PLAYBACK_ERROR_LABELS, type PlaybackRefusal } from "./playback-errors.ts";

/**
 * The playback error modal (spec section 8). Authentication errors offer a fresh start at the
 * realm's root (a full load, so a new session is made); every case offers the default page.
 * A viewer without a licence is offered the checkout, which brings them back.
 * Crawlers never get here: their pages are rendered without a stream.
 */
export function PlaybackErrorDialog({
  refusal,
  rootHref,
  defaultHref,
  purchaseHref,
}: {
  refusal: PlaybackRefusal;
  rootHref: string;
  defaultHref: string;
  /** The checkout, coming back here after: offered when the viewer holds no licence. */
  purchaseHref: string;
}) {
  const t = useT();
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
                <AlertDialog.Action asChild>
                  <a className="button button-primary" href={purchaseHref}>
                    {t("subscribe")}
                  </a>
                </AlertDialog.Action>
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
