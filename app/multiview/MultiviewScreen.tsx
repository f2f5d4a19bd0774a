import { Form, Link, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { ERROR_LABELS, isErrorCode } from "../../contract/errors.ts";
import { useT } from "../i18n/i18n.ts";
import { PLAYBACK_ERROR_LABELS, type PlaybackRefusal } from "../player/playback-errors.ts";
import { useHydrated } from "../ui/client-state.tsx";
import type { multiviewLoader, MultiviewTileData } from "./multiview.server.ts";
import { MultiviewPlayer, type TileRoutes } from "./MultiviewTile.tsx";
import { EVENT_PARAM, MULTIVIEW_MAX, MULTIVIEW_MIN, multiviewQuery } from "./selection.ts";

type View = ReturnType<typeof useLoaderData<typeof multiviewLoader>>;
type Ready = Extract<View, { state: "ready" }>;

/** `/multiview`: the events live now to pick from, and the tiles of those picked. */
export function MultiviewScreen() {
  const t = useT();
  const view = useLoaderData<typeof multiviewLoader>();
  return (
    <div className="layout multiview-page">
      <h1 className="page-title">{t("multiViewTitle")}</h1>
      {view.state === "signedOut" ? (
        <div className="multiview-message">
          <p>{t("multiViewSignIn")}</p>
          <Link className="button" to={view.signIn}>
            {t("signIn")}
          </Link>
        </div>
      ) : view.state === "failed" ? (
        <div className="multiview-message" role="alert">
          <p>{t("liveNowFailed")}</p>
          <a className="button" href={view.retry}>
            {t("retry")}
          </a>
        </div>
      ) : (
        <Multiview view={view} />
      )}
    </div>
  );
}

function Multiview({ view }: { view: Ready }) {
  // Keyed by the tiles' sessions: a new pick is a new multi-view, started afresh.
  const key = view.tiles
    .map((tile) => (tile.playback.state === "ready" ? tile.playback.grant.sessionId : "-"))
    .join();
  return (
    <>
      {view.tiles.length > 0 ? (
        <Tiles key={key} tiles={view.tiles} routes={view.routes} here={view.routes.here} />
      ) : null}
      <Picker view={view} />
    </>
  );
}

/** The picker: a form of what is live now, sent as a link (`?event=…`), so it needs no script. */
function Picker({ view }: { view: Ready }) {
  const t = useT();
  if (view.live.length < MULTIVIEW_MIN) {
    return <p className="multiview-message">{t("multiViewTooFewLive")}</p>;
  }
  return (
    <Form method="get" action={view.routes.here} className="multiview-picker">
      <fieldset>
        <legend>{t("multiViewPick", { min: MULTIVIEW_MIN, max: MULTIVIEW_MAX })}</legend>
        {view.pickInvalid ? (
          <p className="form-error" role="alert">
            {t("multiViewPickCount", { min: MULTIVIEW_MIN, max: MULTIVIEW_MAX })}
          </p>
        ) : null}
        <ul className="multiview-choices">
          {view.live.map((event) => (
            <li key={event.id}>
              <label>
                <input
                  type="checkbox"
                  name={EVENT_PARAM}
                  value={event.id}
                  defaultChecked={view.picked.includes(event.id)}
                />{" "}
                {event.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="multiview-rule">{t("multiViewRule")}</p>
      <button type="submit" className="button">
        {t("multiViewStart")}
      </button>
    </Form>
  );
}

interface Tile extends MultiviewTileData {
  refusal?: PlaybackRefusal;
}

/**
 * The tiles: the first is large until another is swapped in; one has the audio focus (its
 * button, a click on it, or the number keys 1–4). Closing a tile ends its stream.
 */
function Tiles({
  tiles: initial,
  routes,
  here,
}: {
  tiles: MultiviewTileData[];
  routes: TileRoutes;
  here: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [tiles, setTiles] = useState<Tile[]>(initial);
  const [large, setLarge] = useState(initial[0]!.event.id);
  const [audio, setAudio] = useState<number | null>(initial[0]!.event.id);

  const close = useCallback(
    (id: number) => {
      setTiles((current) => {
        const rest = current.filter((tile) => tile.event.id !== id);
        // The address follows, so a reload shows what is on screen.
        const query = multiviewQuery(rest.map((tile) => tile.event.id));
        window.history.replaceState(window.history.state, "", query ? `${here}?${query}` : here);
        if (rest.length > 0) {
          setLarge((was) => (was === id ? rest[0]!.event.id : was));
          setAudio((was) => (was === id ? rest[0]!.event.id : was));
        }
        return rest;
      });
    },
    [here],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      const n = Number(event.key);
      if (!Number.isInteger(n) || n < 1 || n > tiles.length) return;
      setAudio(tiles[n - 1]!.event.id);
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [tiles]);

  const refused = (id: number) => (refusal: PlaybackRefusal) =>
    setTiles((current) =>
      current.map((tile) => (tile.event.id === id ? { ...tile, refusal } : tile)),
    );

  if (tiles.length === 0) return <p className="multiview-message">{t("multiViewAllClosed")}</p>;
  return (
    <section className="multiview" aria-label={t("multiViewTiles")}>
      <p className="multiview-keys">{t("multiViewKeys", { count: tiles.length })}</p>
      <ol className="multiview-grid">
        {tiles.map((tile, index) => {
          const { event } = tile;
          const refusal =
            tile.refusal ?? (tile.playback.state === "refused" ? tile.playback.refusal : null);
          const isLarge = event.id === large;
          const hasAudio = event.id === audio;
          const others = tiles.filter((other) => other.event.id !== event.id);
          return (
            <li
              key={event.id}
              className={`multiview-tile${isLarge ? " is-large" : ""}${hasAudio ? " has-audio" : ""}`}
              aria-label={event.title}
            >
              {/* A click on the picture moves the sound here; the button below does it by key. */}
              {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
              <div className="multiview-screen" onClick={() => setAudio(event.id)}>
                {refusal ? (
                  <p className="multiview-tile-message" role="alert">
                    {t(refusalLabel(refusal))}
                  </p>
                ) : tile.playback.state === "ready" && hydrated ? (
                  <MultiviewPlayer
                    event={event}
                    grant={tile.playback.grant}
                    audio={hasAudio}
                    routes={routes}
                    onRefused={refused(event.id)}
                  />
                ) : null}
              </div>
              <div className="multiview-tile-bar">
                <span className="multiview-tile-number" aria-hidden="true">
                  {index + 1}
                </span>
                <a className="multiview-tile-title" href={event.href}>
                  {event.title}
                </a>
                <button
                  type="button"
                  className="button multiview-audio"
                  aria-pressed={hasAudio}
                  onClick={() => setAudio(event.id)}
                  disabled={!hydrated}
                >
                  {t("multiViewListen", { title: event.title })}
                </button>
                {!isLarge ? (
                  <button
                    type="button"
                    className="button multiview-large"
                    onClick={() => setLarge(event.id)}
                    disabled={!hydrated}
                  >
                    {t("multiViewMakeLarge", { title: event.title })}
                  </button>
                ) : null}
                <a
                  className="button multiview-close"
                  href={`${here}${others.length > 0 ? `?${multiviewQuery(others.map((o) => o.event.id))}` : ""}`}
                  onClick={(click) => {
                    click.preventDefault();
                    close(event.id);
                  }}
                >
                  {t("multiViewClose", { title: event.title })}
                </a>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The message of a tile the platform would not play. */
function refusalLabel(refusal: PlaybackRefusal): string {
  if (refusal.code === "MULTIVIEW_FULL" && isErrorCode(refusal.code)) {
    return ERROR_LABELS[refusal.code];
  }
  return PLAYBACK_ERROR_LABELS[refusal.error];
}
