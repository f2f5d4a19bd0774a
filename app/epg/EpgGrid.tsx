import { Link } from "@remix-run/react";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import type { EpgGrid as Grid, EpgProgramme } from "../../contract/generated/epg.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useHydrated, useViewerTimeZone } from "../ui/client-state.tsx";
import { formatDate } from "../ui/LocalTime.tsx";
import { DAY_MS } from "./epg-day.ts";
import { moveFocus, type GridPosition } from "./grid-navigation.ts";
import { reminderHref } from "./reminder.ts";

/* Geometry of the grid, in CSS pixels; epg.css uses the same numbers. */
const PX_PER_MINUTE = 4;
const ROW_HEIGHT = 72;
const RULER_HEIGHT = 32;
const CHANNEL_WIDTH = 112;
const DAY_WIDTH = (DAY_MS / 60_000) * PX_PER_MINUTE;
/** Rows and pixels drawn beyond the visible area, so scrolling does not show gaps. */
const OVERSCAN_ROWS = 3;
const OVERSCAN_PX = 960;
/** Rows drawn before the browser has measured the viewport (and on the server). */
const FIRST_ROWS = 12;
/** Width assumed before the browser has measured the viewport: a wide desktop window. */
const FIRST_WIDTH = 1920;
const NOW_TICK_MS = 30_000;
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };

interface Placed {
  programme: EpgProgramme;
  start: number;
  end: number;
  /** Left edge and width in the day, clipped to it. */
  x: number;
  width: number;
}

interface Viewport {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * The channels × time grid of one day: a WAI-ARIA grid of channels (rows) and their
 * programmes (cells placed by start and end), with one focusable cell at a time. Only the rows
 * and programmes near the visible area are drawn, so a week of many channels stays light.
 */
export function EpgGrid({
  grid,
  dayLabel,
  basePath,
  locale,
  isToday,
}: {
  grid: Grid;
  dayLabel: string;
  basePath: string;
  locale: string;
  isToday: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const timeZone = useViewerTimeZone();
  const dayStart = Date.parse(grid.from);
  const rows = useMemo(
    () =>
      grid.channels.map((channel) =>
        channel.programmes.map((programme): Placed => {
          const start = Date.parse(programme.startAt);
          const end = Date.parse(programme.endAt);
          const x = (Math.max(start, dayStart) - dayStart) / 60_000;
          const right = (Math.min(end, dayStart + DAY_MS) - dayStart) / 60_000;
          return {
            programme,
            start,
            end,
            x: x * PX_PER_MINUTE,
            width: Math.max(1, right - x) * PX_PER_MINUTE,
          };
        }),
      ),
    [grid, dayStart],
  );

  const [now, setNow] = useState(() => Date.parse(grid.now));
  useEffect(() => {
    // The server's clock drew the first pass; the browser's takes over after hydration.
    const first = requestAnimationFrame(() => setNow(Date.now()));
    const timer = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => {
      cancelAnimationFrame(first);
      clearInterval(timer);
    };
  }, []);
  const nowX =
    now >= dayStart && now < dayStart + DAY_MS ? ((now - dayStart) / 60_000) * PX_PER_MINUTE : null;

  const [active, setActive] = useState<GridPosition>(() => firstFocus(rows, Date.parse(grid.now)));
  const scroller = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef(false);
  const [viewport, setViewport] = useState<Viewport | null>(null);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setViewport({
      top: el.scrollTop,
      left: el.scrollLeft,
      width: el.clientWidth,
      height: el.clientHeight,
    });
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [measure]);

  const focusCell = (at: GridPosition) => {
    setActive(at);
    focusAfterRender.current = true;
  };
  const scrollToNow = useCallback(() => {
    const el = scroller.current;
    if (!el || nowX === null) return;
    el.scrollLeft = openingLeft(nowX);
  }, [nowX]);
  // Today opens at the current time.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || !hydrated) return;
    opened.current = true;
    if (isToday) scrollToNow();
    // "Jump to now" from another day: the first cell focused is what airs now.
    if (isToday && window.location.hash === "#now") {
      scroller.current
        ?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`)
        ?.focus({ preventScroll: true });
    }
  });

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    const cell = scroller.current?.querySelector<HTMLElement>(
      `[data-cell="${active.row}:${active.col}"]`,
    );
    if (!cell) return;
    cell.focus({ preventScroll: true });
    cell.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  /** The time up and down keep to: now, once focus starts at what airs now. */
  const anchor = useRef<number | undefined>(isToday ? now : undefined);
  const pageSize = viewport
    ? Math.max(1, Math.floor((viewport.height - RULER_HEIGHT) / ROW_HEIGHT))
    : 5;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      document.getElementById("epg-action")?.click();
      return;
    }
    const vertical = VERTICAL_KEYS.has(event.key);
    const next = moveFocus(rows, active, event.key, {
      ctrl: event.ctrlKey || event.metaKey,
      pageSize,
      anchor: anchor.current,
    });
    if (!next) return;
    event.preventDefault();
    // Moving along a channel sets the time that moving across channels keeps to.
    if (!vertical) anchor.current = rows[next.row]?.[next.col]?.start;
    focusCell(next);
  };

  const jumpToNow = () => {
    scrollToNow();
    const el = scroller.current;
    const firstVisible = el ? Math.floor(el.scrollTop / ROW_HEIGHT) : 0;
    const row = rows.findIndex((r, i) => i >= firstVisible && r.some((p) => isAiring(p, now)));
    const target = row >= 0 ? row : rows.findIndex((r) => r.some((p) => isAiring(p, now)));
    anchor.current = now;
    if (target >= 0)
      focusCell({ row: target, col: rows[target]!.findIndex((p) => isAiring(p, now)) });
  };

  // The window of rows and programmes to draw.
  const firstRow = viewport
    ? Math.max(0, Math.floor(viewport.top / ROW_HEIGHT) - OVERSCAN_ROWS)
    : 0;
  const lastRow = viewport
    ? Math.min(
        rows.length - 1,
        Math.ceil((viewport.top + viewport.height) / ROW_HEIGHT) + OVERSCAN_ROWS,
      )
    : Math.min(rows.length - 1, FIRST_ROWS - 1);
  // Before measuring: where the grid opens (today at the current time, other days at midnight).
  const left = viewport ? viewport.left : isToday && nowX !== null ? openingLeft(nowX) : 0;
  const minX = left - CHANNEL_WIDTH - OVERSCAN_PX;
  const maxX = left + (viewport ? viewport.width : FIRST_WIDTH) + OVERSCAN_PX;
  const drawn: number[] = [];
  for (let i = firstRow; i <= lastRow; i++) drawn.push(i);
  if (!drawn.includes(active.row) && rows[active.row]) drawn.push(active.row);

  const time = (ms: number) =>
    formatDate(new Date(ms).toISOString(), locale, { ...TIME, timeZone });
  const focused = rows[active.row]?.[active.col];
  const focusedChannel = grid.channels[active.row];

  return (
    <div className="epg">
      {isToday ? (
        <div className="epg-toolbar">
          <button type="button" className="epg-now-button" onClick={jumpToNow}>
            {t("epgJumpToNow")}
          </button>
        </div>
      ) : null}
      <div
        className="epg-scroller"
        ref={scroller}
        style={{
          height: `min(60vh, ${RULER_HEIGHT + rows.length * ROW_HEIGHT + 16}px)`,
          scrollPaddingLeft: CHANNEL_WIDTH,
          scrollPaddingTop: RULER_HEIGHT,
        }}
      >
        <div className="epg-canvas" style={{ width: CHANNEL_WIDTH + DAY_WIDTH }}>
          <div className="epg-ruler" aria-hidden="true" style={{ height: RULER_HEIGHT }}>
            <div className="epg-corner" style={{ width: CHANNEL_WIDTH }} />
            {Array.from({ length: 24 }, (_, hour) => (
              <span
                key={hour}
                className="epg-hour"
                style={{ left: CHANNEL_WIDTH + hour * 60 * PX_PER_MINUTE }}
              >
                {time(dayStart + hour * 3_600_000)}
              </span>
            ))}
          </div>
          <div
            role="grid"
            className="epg-grid"
            aria-label={t("epgGridLabel", { day: dayLabel })}
            aria-describedby="epg-help"
            aria-rowcount={rows.length}
            style={{ height: rows.length * ROW_HEIGHT }}
          >
            {drawn.map((r) => (
              <div
                key={grid.channels[r]!.id}
                role="row"
                aria-rowindex={r + 1}
                className="epg-row"
                style={{ top: r * ROW_HEIGHT, height: ROW_HEIGHT }}
              >
                <div role="rowheader" className="epg-channel" style={{ width: CHANNEL_WIDTH }}>
                  {grid.channels[r]!.name}
                </div>
                {rows[r]!.length === 0 ? (
                  <div role="gridcell" className="epg-nothing" style={{ left: CHANNEL_WIDTH }}>
                    {t("epgNoProgrammes")}
                  </div>
                ) : null}
                {rows[r]!.map((p, c) => {
                  const isActive = active.row === r && active.col === c;
                  if (!isActive && (p.x + p.width < minX || p.x > maxX)) return null;
                  const status = statusAt(p, now);
                  return (
                    <div
                      key={p.programme.id}
                      role="gridcell"
                      data-cell={`${r}:${c}`}
                      tabIndex={isActive ? 0 : -1}
                      aria-selected={isActive}
                      className={`epg-programme epg-${status.toLowerCase()}`}
                      style={{ left: CHANNEL_WIDTH + p.x, width: p.width }}
                      onFocus={() => {
                        if (!isActive) setActive({ row: r, col: c });
                      }}
                      onClick={() => {
                        anchor.current = p.start;
                        focusCell({ row: r, col: c });
                      }}
                      onKeyDown={onKeyDown}
                    >
                      <span className="epg-programme-title">{p.programme.title}</span>
                      <span className="epg-programme-time">
                        {t("epgTimeRange", { start: time(p.start), end: time(p.end) })}
                        {status === "LIVE" ? (
                          <span className="epg-badge">{t("epgStatus_LIVE")}</span>
                        ) : (
                          <span className="visually-hidden">, {t(`epgStatus_${status}`)}</span>
                        )}
                      </span>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {nowX !== null ? (
            <div
              className="epg-now-line"
              aria-hidden="true"
              style={{ left: CHANNEL_WIDTH + nowX }}
            />
          ) : null}
        </div>
      </div>
      {focused && focusedChannel ? (
        <section className="epg-details" aria-labelledby="epg-details-title">
          <h2 id="epg-details-title">{focused.programme.title}</h2>
          <p className="epg-details-when">
            {focusedChannel.name} ·{" "}
            {t("epgTimeRange", { start: time(focused.start), end: time(focused.end) })} ·{" "}
            {t(`epgStatus_${statusAt(focused, now)}`)}
          </p>
          {focused.programme.description ? <p>{focused.programme.description}</p> : null}
          <ProgrammeAction
            programme={focused.programme}
            channel={focusedChannel.name}
            basePath={basePath}
          />
        </section>
      ) : null}
    </div>
  );
}

/** What the focused programme offers: play it live or as catch-up, or a reminder. */
function ProgrammeAction({
  programme,
  channel,
  basePath,
}: {
  programme: EpgProgramme;
  channel: string;
  basePath: string;
}) {
  const t = useT();
  const { playback } = programme;
  if (playback.kind === "REMINDER") {
    return (
      <a
        id="epg-action"
        className="button"
        href={reminderHref({ ...programme, channel })}
        download={`${programme.title.replace(/[^\p{L}\p{N}]+/gu, "-")}.ics`}
      >
        {t("epgRemind")}
      </a>
    );
  }
  const target =
    playback.kind === "LIVE"
      ? ({ route: "live", id: playback.eventId, label: "epgWatchLive" } as const)
      : playback.kind === "CATCH_UP"
        ? ({ route: "vod", id: playback.videoId, label: "epgWatchCatchUp" } as const)
        : null;
  if (!target) return <p className="epg-unavailable">{t("epgNotPlayable")}</p>;
  return (
    <Link
      id="epg-action"
      className="button"
      to={routeHref(basePath, { name: target.route, params: { id: String(target.id) } })}
    >
      {t(target.label)}
    </Link>
  );
}

/** Scroll position that shows the current time an hour in from the left. */
function openingLeft(nowX: number) {
  return Math.max(0, nowX - 60 * PX_PER_MINUTE);
}

function isAiring(p: { start: number; end: number }, now: number) {
  return p.start <= now && now < p.end;
}

function statusAt(p: Placed, now: number): EpgProgramme["status"] {
  if (now < p.start) return "UPCOMING";
  return now >= p.end ? "PAST" : "LIVE";
}

/** The cell focused first: what airs now on the first channel that airs anything now. */
const VERTICAL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown"]);

function firstFocus(rows: Placed[][], now: number): GridPosition {
  for (let row = 0; row < rows.length; row++) {
    const col = rows[row]!.findIndex((p) => isAiring(p, now));
    if (col >= 0) return { row, col };
  }
  const row = Math.max(
    0,
    rows.findIndex((r) => r.length > 0),
  );
  return { row, col: 0 };
}
