/*
 * Keyboard movement in the programme grid (WAI-ARIA grid pattern): arrows move by programme,
 * Page Up/Down by a page of channels, Home/End to the first or last programme of the channel,
 * Ctrl+Home/End to the first or last channel.
 */

export interface GridSpan {
  start: number;
  end: number;
}

export interface GridPosition {
  row: number;
  col: number;
}

/**
 * The programme of `row` to land on when coming from a programme spanning `from`: the one
 * airing at `anchor` (the time focus follows up and down, see `moveFocus`), else at the
 * start of `from`, else overlapping it, else the nearest in time.
 */
export function columnAt(row: GridSpan[], from: GridSpan, anchor = from.start): number {
  if (row.length === 0) return -1;
  const middle = (Math.max(from.start, row[0]!.start) + from.end) / 2;
  const atAnchor = row.findIndex((p) => p.start <= anchor && p.end > anchor);
  if (atAnchor >= 0) return atAnchor;
  const airing = row.findIndex((p) => p.start <= from.start && p.end > from.start);
  if (airing >= 0) return airing;
  const overlapping = row.findIndex((p) => p.start < from.end && p.end > from.start);
  if (overlapping >= 0) return overlapping;
  // None overlaps: the nearest in time.
  let best = 0;
  let bestDistance = Infinity;
  row.forEach((p, i) => {
    const distance = Math.abs((p.start + p.end) / 2 - middle);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Where a key moves focus, or null when the key is not one the grid handles. Rows without
 * programmes are skipped. Up and down keep to `options.anchor`, a time inside the focused
 * programme (now, after jumping to now): going down through channels from what airs now lands
 * on what airs now on each, not on whatever began when a long programme above did.
 */
export function moveFocus(
  rows: GridSpan[][],
  at: GridPosition,
  key: string,
  options: { ctrl: boolean; pageSize: number; anchor?: number },
): GridPosition | null {
  const current = rows[at.row]?.[at.col];
  if (!current) return null;
  const inRow = rows[at.row]!;
  const toRow = (target: number, direction: 1 | -1): GridPosition => {
    let row = Math.max(0, Math.min(rows.length - 1, target));
    // Skip empty channels in the direction of travel, then back the other way.
    while (row >= 0 && row < rows.length && rows[row]!.length === 0) row += direction;
    if (row < 0 || row >= rows.length) return at;
    const anchor =
      options.anchor !== undefined &&
      options.anchor >= current.start &&
      options.anchor < current.end
        ? options.anchor
        : current.start;
    return { row, col: columnAt(rows[row]!, current, anchor) };
  };
  switch (key) {
    case "ArrowRight":
      return { row: at.row, col: Math.min(inRow.length - 1, at.col + 1) };
    case "ArrowLeft":
      return { row: at.row, col: Math.max(0, at.col - 1) };
    case "ArrowDown":
      return at.row + 1 < rows.length ? toRow(at.row + 1, 1) : at;
    case "ArrowUp":
      return at.row > 0 ? toRow(at.row - 1, -1) : at;
    case "PageDown":
      return toRow(Math.min(rows.length - 1, at.row + options.pageSize), 1);
    case "PageUp":
      return toRow(Math.max(0, at.row - options.pageSize), -1);
    case "Home":
      if (options.ctrl) {
        const row = rows.findIndex((r) => r.length > 0);
        return { row, col: 0 };
      }
      return { row: at.row, col: 0 };
    case "End":
      if (options.ctrl) {
        let row = rows.length - 1;
        while (row > 0 && rows[row]!.length === 0) row -= 1;
        return { row, col: rows[row]!.length - 1 };
      }
      return { row: at.row, col: inRow.length - 1 };
    default:
      return null;
  }
}
