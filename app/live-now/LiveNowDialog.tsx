import { useLocation, useNavigate } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useHydrated } from "../ui/client-state.tsx";
import { fetchLiveNow, LIVE_NOW_HASH } from "./live-now.ts";
import { documentVisibility, LIVE_REFRESH_MS, startPolling } from "./refresh.ts";
import { LiveNowListing, type Listing } from "./LiveNowListing.tsx";
import { useRootData } from "../realm/use-root-data.ts";

/**
 * The live-now overlay (spec section 2, hash route `#livenow`): what is live at this moment,
 * opened over any page of the realm by the header's live-now button or by a link with the
 * hash (the live-events route is the same list as a page of its own). Closing it
 * takes the hash off the address. Signed-in customers and admins only, as the button; not
 * while a prompt the account must answer is open.
 */
export function LiveNowDialog() {
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Closed for this visit of the hash: following a link to it again opens it again.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const role = root?.viewer?.role;
  const prompted = !!(root?.account?.consent || root?.account?.missingInformation);
  if (
    !hydrated ||
    !root?.shell ||
    (role !== "CUSTOMER" && role !== "ADMIN") ||
    prompted ||
    location.hash !== LIVE_NOW_HASH ||
    closedAt === location.key
  ) {
    return null;
  }
  const close = () => {
    setClosedAt(location.key);
    navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
  };
  return (
    <LiveNowOverlay
      // A new visit of the hash is a new overlay: it asks again what is live.
      key={location.key}
      basePath={root.basePath ?? ""}
      locale={root.locale}
      titleScale={root.shell.theme.cardTitleFontScale ?? 1}
      onClose={close}
    />
  );
}

function LiveNowOverlay({
  basePath,
  locale,
  titleScale,
  onClose,
}: {
  basePath: string;
  locale: string;
  titleScale: number;
  onClose: () => void;
}) {
  const t = useT();
  const descriptionId = useId();
  // Read before the dialog takes focus: the live-now button, when it opened the overlay.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const href = routeHref(basePath, { name: "liveNow" });
    fetchLiveNow(href, controller.signal)
      .then((answer) => setListing({ status: "ready", answer }))
      .catch(() => {
        if (!controller.signal.aborted) setListing({ status: "error" });
      });
    // While open and visible the list and its count stay fresh; a refresh that fails leaves
    // what is shown (the next one tries again).
    const stop = startPolling({
      intervalMs: LIVE_REFRESH_MS,
      visibility: documentVisibility,
      tick: () =>
        fetchLiveNow(href, controller.signal).then((answer) =>
          setListing({ status: "ready", answer }),
        ),
    });
    return () => {
      stop();
      controller.abort();
    };
  }, [basePath, attempt]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="account-overlay" />
        <Dialog.Content
          className="account-dialog livenow-dialog"
          aria-describedby={descriptionId}
          onCloseAutoFocus={(event) => {
            // Opened by the hash, the dialog has no trigger of its own for radix to go back to.
            event.preventDefault();
            (opener?.isConnected ? opener : document.getElementById("main"))?.focus({
              preventScroll: true,
            });
          }}
        >
          <div className="account-dialog-head">
            <Dialog.Title className="account-dialog-title">{t("liveNow")}</Dialog.Title>
            <Dialog.Close className="account-dialog-close">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("closeDialog")}</span>
            </Dialog.Close>
          </div>
          <Dialog.Description id={descriptionId} className="livenow-description">
            {t("liveNowDescription")}
          </Dialog.Description>
          <LiveNowListing
            listing={listing}
            basePath={basePath}
            locale={locale}
            titleScale={titleScale}
            onRetry={() => {
              setListing({ status: "loading" });
              setAttempt((n) => n + 1);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
