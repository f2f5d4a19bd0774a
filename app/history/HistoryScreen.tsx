import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "../i18n/i18n.ts";
import { Card } from "../ui/Card.tsx";
import { LocalTime } from "../ui/LocalTime.tsx";
import type { historyLoader } from "./history.server.ts";
import type { HistoryEntry } from "./view.ts";
import { useRootData } from "../realm/use-root-data.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** `/history`: the acting profile's watch history, or why there is none to show. */
export function HistoryScreen() {
  const t = useT();
  const view = useLoaderData<typeof historyLoader>();
  return (
    <div className="layout history-page">
      <h1 className="page-title">{t("historyTitle")}</h1>
      {view.state === "signedOut" ? (
        <div className="history-message">
          <p>{t("historySignIn")}</p>
          <Link className="button" to={view.signIn}>
            {t("signIn")}
          </Link>
        </div>
      ) : view.state === "failed" ? (
        <div className="history-message" role="alert">
          <p>{t("historyFailed")}</p>
          <a className="button" href={view.retry}>
            {t("retry")}
          </a>
        </div>
      ) : view.items.length === 0 ? (
        <div className="history-message">
          <p>{t("historyEmpty")}</p>
          <Link className="button" to={view.home}>
            {t("historyBrowse")}
          </Link>
        </div>
      ) : (
        <HistoryList items={view.items} more={view.more} />
      )}
    </div>
  );
}

function HistoryList({ items, more }: { items: HistoryEntry[]; more: string | null }) {
  const t = useT();
  const root = useRootData();
  const locale = root?.locale ?? "en";
  const titleScale = root?.shell?.theme.cardTitleFontScale ?? 1;
  const navigation = useNavigation();
  const list = useRef<HTMLOListElement>(null);
  // The first card "load more" adds takes focus once it arrives: the button may be gone then,
  // and the new cards are where the viewer was heading.
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || items.length <= index) return;
    firstNew.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>("a.card")[index]?.focus();
  }, [items.length]);
  // Busy while the page with more items is on its way.
  const loading = more !== null && navigation.location?.search === more.slice(more.indexOf("?"));
  return (
    <>
      <p>{t("historyIntro")}</p>
      <ol className="grid-list history-list" ref={list}>
        {items.map((item) => (
          <li key={`${item.kind}-${item.card.id}`} className="grid-item history-item">
            <Card
              card={item.card}
              href={item.href}
              locale={locale}
              titleScale={titleScale}
              progress={item.progress}
            />
            <p className="history-watched">
              {t("historyWatchedOn")}{" "}
              <LocalTime iso={item.watchedAt} locale={locale} options={WHEN} />
            </p>
          </li>
        ))}
      </ol>
      {more ? (
        <div className="grid-more">
          <Link
            className="button"
            to={more}
            preventScrollReset
            aria-busy={loading || undefined}
            onClick={() => (firstNew.current = items.length)}
          >
            {loading ? t("loading") : t("loadMore")}
          </Link>
        </div>
      ) : null}
    </>
  );
}
