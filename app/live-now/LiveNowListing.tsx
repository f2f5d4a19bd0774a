import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { Card } from "../ui/Card.tsx";
import type { LiveNowAnswer } from "./live-now.ts";

/** Where the overlay's list is: asked for, answered, or failed. */
export type Listing =
  { status: "loading" } | { status: "ready"; answer: LiveNowAnswer } | { status: "error" };

/**
 * The overlay's body: the live events as cards linking to their live pages, or a status that
 * says why there are none. The status line is a live region, so "Loading", the number of live
 * events or "Nothing is live" is read out as it changes; a failure is an alert with a retry.
 */
export function LiveNowListing({
  listing,
  basePath,
  locale,
  titleScale,
  onRetry,
}: {
  listing: Listing;
  basePath: string;
  locale: string;
  titleScale: number;
  onRetry: () => void;
}) {
  const t = useT();
  if (listing.status === "error") {
    return (
      <div className="livenow-error" role="alert">
        <p>{t("liveNowFailed")}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t("retry")}
        </button>
      </div>
    );
  }
  const events = listing.status === "ready" ? listing.answer.events : [];
  return (
    <>
      <p
        role="status"
        className={events.length > 0 ? "visually-hidden" : "livenow-status"}
        aria-busy={listing.status === "loading" || undefined}
      >
        {listing.status === "loading"
          ? t("liveNowLoading")
          : events.length === 0
            ? t("liveNowEmpty")
            : t("liveEventCount", { count: listing.answer.totalHits })}
      </p>
      {events.length > 0 ? (
        <ul className="grid-list livenow-list">
          {events.map((event) => (
            <li key={event.id} className="grid-item">
              <Card
                card={event}
                href={routeHref(basePath, { name: "live", params: { id: String(event.id) } })}
                locale={locale}
                titleScale={titleScale}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
