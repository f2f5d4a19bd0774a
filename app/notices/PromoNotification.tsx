import { useCallback, useEffect, useId, useRef, useState } from "react";
import { appEvents } from "../analytics/app-events.ts";
import { useTranslation } from "react-i18next";
import { PromoBody, PromoImage } from "../ui/PromoCard.tsx";
import { useToast } from "../feedback/Toasts.tsx";
import { routeHref } from "../realm/routes.ts";
import { Icon } from "../ui/Icon.tsx";

/** A promo notification as the card shows it (from the realm's `promoNotification` route). */
export interface PromoView {
  id: number;
  title: string;
  description: string | null;
  image: string | null;
  cta: string;
  /** Null when the platform's link is not one this site renders. */
  href: string | null;
  openInNewTab: boolean;
}

const promoPath = (basePath: string) => routeHref(basePath, { name: "promoNotification" });

/** Runs `start` once the page has finished loading (now, if it already has). */
function afterLoad(start: () => void): () => void {
  if (document.readyState === "complete") {
    start();
    return () => {};
  }
  window.addEventListener("load", start, { once: true });
  return () => window.removeEventListener("load", start);
}

/**
 * Spec sections 3 and 4: one promo notification, asked for once after the page loads, shown
 * as a card that takes no focus and blocks nothing. Closing it (its button, or Escape from
 * inside it) or following its call to action dismisses it for good.
 */
export function PromoNotification({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [promo, setPromo] = useState<PromoView | null>(null);
  const asked = useRef(false);
  const content = useRef<HTMLElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    // Once per page load: client-side navigations keep this component, and so the answer.
    if (asked.current) return;
    return afterLoad(() => {
      if (asked.current) return;
      asked.current = true;
      fetch(promoPath(basePath), { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { promoNotification?: PromoView | null } | null) => {
          if (!body?.promoNotification) return;
          setPromo(body.promoNotification);
          appEvents.emit("promoView", { promoId: String(body.promoNotification.id) });
        })
        // Nothing to offer is the same to the viewer as nothing offered; the server logs why.
        .catch(() => {});
    });
  }, [basePath]);

  const dismiss = useCallback(
    (leaving: boolean) => {
      if (!promo) return;
      // Focus inside the card would fall to the document when it goes; the page is next in line.
      if (content.current?.contains(document.activeElement)) {
        document.getElementById("main")?.focus({ preventScroll: true });
      }
      setPromo(null);
      // Following the call to action may leave the page before the answer arrives: keepalive lets
      // the request outlive it. Closing stays on the page, so it needs no share of that quota.
      fetch(promoPath(basePath), {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ id: String(promo.id) }),
        keepalive: leaving,
      })
        .then((response) => {
          if (!response.ok) throw new Error(`dismissal failed with ${response.status}`);
        })
        .catch(() => toast({ level: "error", message: t("promoDismissFailed") }));
    },
    [promo, basePath, toast, t],
  );

  // Escape from anywhere inside the card closes it, as it would a dialog.
  useEffect(() => {
    const card = content.current;
    if (!promo || !card) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      dismiss(false);
    };
    card.addEventListener("keydown", onKeyDown);
    return () => card.removeEventListener("keydown", onKeyDown);
  }, [promo, dismiss]);

  if (!promo) return null;

  return (
    // A labelled region rather than a dialog: a dialog, even a non-modal one, opens a focus scope
    // that would pause another's trap (the mobile menu drawer) when the card arrives over it.
    <aside
      ref={content}
      className="promo-notification"
      aria-labelledby={titleId}
      {...(promo.description ? { "aria-describedby": descriptionId } : {})}
    >
      <PromoImage url={promo.image} />
      <PromoBody
        heading={<h2 id={titleId}>{promo.title}</h2>}
        description={promo.description ? <p id={descriptionId}>{promo.description}</p> : null}
        cta={promo.cta}
        href={promo.href}
        openInNewTab={promo.openInNewTab}
        onFollow={() => dismiss(true)}
      />
      <button
        type="button"
        className="icon-button promo-notification-close"
        aria-label={t("close")}
        onClick={() => dismiss(false)}
      >
        <Icon name="close" />
      </button>
    </aside>
  );
}
