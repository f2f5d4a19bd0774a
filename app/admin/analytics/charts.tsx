/**
 * Charts drawn on the server as SVG: no chart library and no code in the browser. Each chart's
 * figures are also in a table beside it, which is what assistive technology reads.
 */

const WIDTH = 640;
const HEIGHT = 160;

/** Plays and unique viewers per day as paired columns, days left to right. */
export function DayColumns({
  label,
  days,
}: {
  label: string;
  days: { day: string; plays: number; viewers: number }[];
}) {
  const most = Math.max(1, ...days.map((d) => Math.max(d.plays, d.viewers)));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.4);
  const height = (n: number) => (n / most) * (HEIGHT - 4);
  return (
    <svg
      className="analytics-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      {days.map((d, i) => (
        <g key={d.day}>
          <rect
            className="analytics-plays"
            x={i * slot + slot * 0.1}
            y={HEIGHT - height(d.plays)}
            width={bar}
            height={height(d.plays)}
          />
          <rect
            className="analytics-viewers"
            x={i * slot + slot * 0.1 + bar}
            y={HEIGHT - height(d.viewers)}
            width={bar}
            height={height(d.viewers)}
          />
        </g>
      ))}
      <line className="analytics-axis" x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} />
    </svg>
  );
}

/** One horizontal bar, as long as `value` is of `most` (a table cell's chart). */
export function Bar({ value, most }: { value: number; most: number }) {
  const width = most > 0 ? (value / most) * 100 : 0;
  return (
    <svg
      className="analytics-bar"
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <rect className="analytics-plays" x={0} y={0} width={width} height={10} />
    </svg>
  );
}
