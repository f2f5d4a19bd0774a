/** The card a key moves focus to in a row of `count` cards, or null when the key is not ours. */
export function nextRovingIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return Math.min(index + 1, count - 1);
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** Whether a horizontally scrolling element is at its start or end (1 px of rounding slack). */
export function scrollEdges(el: Pick<HTMLElement, "scrollLeft" | "clientWidth" | "scrollWidth">) {
  return {
    atStart: el.scrollLeft <= 1,
    atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
  };
}
