import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PromoBody, PromoImage } from "../../blocks/promo/index.tsx";
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
 * as a non-modal dialog that takes no focus and blocks nothing. Closing it (its button, or
 * Escape from inside it) or following its call to action dismisses it for good.
 */
export function PromoNotification({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [promo, setPromo] = useState<PromoView | null>(null);
  const asked = useRef(false);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Once per page load: client-side navigations keep this component, and so the answer.
    if (asked.current) return;
    return afterLoad(() => {
      if (asked.current) return;
      asked.current = true;
      fetch(promoPath(basePath), { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { promoNotification?: PromoView | null } | null) => {
          if (body?.promoNotification) setPromo(body.promoNotification);
        })
        // Nothing to offer is the same to the viewer as nothing offered; the server logs why.
        .catch(() => {});
    });
  }, [basePath]);

  if (!promo) return null;

  const dismiss = () => {
    setPromo(null);
    // keepalive: following the call to action may leave the page before the answer arrives.
    fetch(promoPath(basePath), {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ id: String(promo.id) }),
      keepalive: true,
    })
      .then((response) => {
        if (!response.ok) throw new Error(`dismissal failed with ${response.status}`);
      })
      .catch(() => toast({ level: "error", message: t("promoDismissFailed") }));
  };

  return (
    <Dialog.Root open modal={false} onOpenChange={(open) => (open ? undefined : dismiss())}>
      <Dialog.Content
        ref={content}
        className="promo-notification"
        // Radix links the description when there is one; without, say there is none.
        {...(promo.description ? {} : { "aria-describedby": undefined })}
        // Offered, not imposed: focus stays where the viewer is, and clicks elsewhere are theirs.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => {
          if (!content.current?.contains(document.activeElement)) event.preventDefault();
        }}
      >
        <PromoImage url={promo.image} />
        <PromoBody
          heading={
            <Dialog.Title asChild>
              <h2>{promo.title}</h2>
            </Dialog.Title>
          }
          description={
            promo.description ? (
              <Dialog.Description asChild>
                <p>{promo.description}</p>
              </Dialog.Description>
            ) : null
          }
          cta={promo.cta}
          href={promo.href}
          openInNewTab={promo.openInNewTab}
          onFollow={dismiss}
        />
        <Dialog.Close asChild>
          <button
            type="button"
            className="icon-button promo-notification-close"
            aria-label={t("close")}
          >
            <Icon name="close" />
          </button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Root>
  );
}
