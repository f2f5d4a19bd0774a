import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { Fighter } from "../../contract/generated/fighters.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { FighterCard } from "./FighterCard.tsx";
import type { loadFighters } from "./fighters.server.ts";
import { LinkTabs } from "./LinkTabs.tsx";
import {
  changeState,
  DIVISIONS,
  fightersQuery,
  LETTERS,
  readFightersState,
  type FightersState,
} from "./rankings-state.ts";

type FightersLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadFighters>;

/** The fighters page: rankings by division, or everyone by last name, with a letter bar. */
export function FightersScreen() {
  const loaded = useLoaderData<FightersLoader>();
  const { list, basePath } = loaded;
  // Moving the carousel does not reload the list (routes/fighters.tsx): its slide comes from
  // the address itself.
  const [query] = useSearchParams();
  const state = { ...loaded.state, focus: readFightersState(query).focus };
  const t = useT();
  const base = routeHref(basePath, { name: "fighters" });
  const href = (change: Partial<FightersState>) =>
    `${base}${fightersQuery(changeState(state, change))}`;
  const divisionLabel = t(`division_${state.division}`);
  return (
    <div className="fighters-page">
      <h1>{t("fightersTitle")}</h1>
      <LinkTabs
        label={t("fightersView")}
        panelId="fighters-view"
        selected={state.category}
        tabs={[
          { id: "rankings", label: t("fightersRankings"), href: href({ category: "rankings" }) },
          { id: "all", label: t("fightersAll"), href: href({ category: "all" }) },
        ]}
      >
        {state.category === "rankings" ? (
          <>
            <nav className="fighters-filter" aria-label={t("fightersFilter")}>
              {(["MALE", "FEMALE"] as const).map((gender) => (
                <Link
                  key={gender}
                  to={href({ gender })}
                  aria-current={state.gender === gender ? "true" : undefined}
                  preventScrollReset
                >
                  {t(gender === "MALE" ? "fightersMen" : "fightersWomen")}
                </Link>
              ))}
            </nav>
            <LinkTabs
              label={t("fightersDivisions")}
              panelId="fighters-division"
              selected={state.division}
              tabs={DIVISIONS[state.gender].map((division) => ({
                id: division,
                label: t(`division_${division}`),
                href: href({ division }),
              }))}
            >
              <LetterBar state={state} href={href} />
              {list.hits.length === 0 ? (
                <p className="fighters-empty">{t("fightersNone")}</p>
              ) : (
                <RankingsCarousel
                  fighters={list.hits}
                  state={state}
                  href={href}
                  label={t("fightersRankingsOf", { division: divisionLabel })}
                  basePath={basePath}
                />
              )}
            </LinkTabs>
          </>
        ) : (
          <>
            <LetterBar state={state} href={href} />
            {list.hits.length === 0 ? (
              <p className="fighters-empty">{t("fightersNone")}</p>
            ) : (
              <ul className="fighters-list">
                {list.hits.map((fighter) => (
                  <li key={fighter.id}>
                    <FighterCard fighter={fighter} basePath={basePath} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <Pager page={list.page} total={list.totalPages} href={href} />
      </LinkTabs>
    </div>
  );
}

function LetterBar({
  state,
  href,
}: {
  state: FightersState;
  href: (change: Partial<FightersState>) => string;
}) {
  const t = useT();
  return (
    <nav className="letter-bar" aria-label={t("fightersLetterBar")}>
      <ul>
        <li>
          <Link
            to={href({ letter: null })}
            aria-current={state.letter === null ? "true" : undefined}
            preventScrollReset
          >
            {t("fightersAllLetters")}
          </Link>
        </li>
        {LETTERS.map((letter) => (
          <li key={letter}>
            <Link
              to={href({ letter })}
              aria-current={state.letter === letter ? "true" : undefined}
              preventScrollReset
            >
              {letter}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The ranked fighters of this page as a carousel (WAI-ARIA carousel pattern): previous and next
 * are links to the neighbouring slide, so the focused slide lives in the address; with
 * JavaScript the arrow keys move it too, replacing the address instead of adding to history.
 */
function RankingsCarousel({
  fighters,
  state,
  href,
  label,
  basePath,
}: {
  fighters: Fighter[];
  state: FightersState;
  href: (change: Partial<FightersState>) => string;
  label: string;
  basePath: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const focus = Math.min(state.focus, fighters.length - 1);
  const slides = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const slide = slides.current?.children[focus] as HTMLElement | undefined;
    slide?.scrollIntoView?.({ block: "nearest", inline: "center" });
  }, [focus]);
  const move = (to: number) => {
    if (to < 0 || to >= fighters.length || to === focus) return;
    navigate(href({ focus: to }), { replace: true, preventScrollReset: true });
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    const to = index + step;
    if (to < 0 || to >= fighters.length) return;
    event.preventDefault();
    move(to);
    (slides.current?.children[to]?.querySelector("a") as HTMLElement | null)?.focus();
  };
  const place = (fighter: Fighter) =>
    state.division === "POUND_FOR_POUND" ? fighter.poundForPoundRank : fighter.rank;
  return (
    <section
      className="rankings-carousel"
      aria-roledescription={t("carouselRole")}
      aria-label={label}
    >
      <div className="rankings-carousel-controls">
        <Link
          to={href({ focus: Math.max(focus - 1, 0) })}
          replace
          preventScrollReset
          aria-label={t("previousFighter")}
          aria-disabled={focus === 0 ? "true" : undefined}
          className="carousel-button"
        >
          ‹
        </Link>
        <span aria-live="polite" className="rankings-carousel-position">
          {t("slideOf", { index: focus + 1, count: fighters.length })}
        </span>
        <Link
          to={href({ focus: Math.min(focus + 1, fighters.length - 1) })}
          replace
          preventScrollReset
          aria-label={t("nextFighter")}
          aria-disabled={focus === fighters.length - 1 ? "true" : undefined}
          className="carousel-button"
        >
          ›
        </Link>
      </div>
      <div ref={slides} className="rankings-slides">
        {fighters.map((fighter, index) => (
          <div
            key={fighter.id}
            role="group"
            aria-roledescription={t("slideRole")}
            aria-label={t("slideOf", { index: index + 1, count: fighters.length })}
            aria-current={index === focus ? "true" : undefined}
            className="rankings-slide"
          >
            <FighterCard
              fighter={fighter}
              basePath={basePath}
              place={place(fighter)}
              onKeyDown={onKeyDown(index)}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

function Pager({
  page,
  total,
  href,
}: {
  page: number;
  total: number;
  href: (change: Partial<FightersState>) => string;
}) {
  const t = useT();
  if (total <= 1) return null;
  return (
    <nav className="fighters-pager" aria-label={t("pages")}>
      {page > 1 ? (
        <Link to={href({ page: page - 1 })} rel="prev">
          {t("previousPage")}
        </Link>
      ) : null}
      <span>{t("pageOf", { page, total })}</span>
      {page < total ? (
        <Link to={href({ page: page + 1 })} rel="next">
          {t("nextPage")}
        </Link>
      ) : null}
    </nav>
  );
}
