export interface DiffLine {
  op: "same" | "added" | "removed";
  text: string;
  /** Line numbers in the older and the newer text (from 1), where the line is in it. */
  before?: number;
  after?: number;
}

/** Past this many lines on a side the texts are shown whole, each removed then added. */
const MAX_LINES = 4_000;

/**
 * The lines of `after` against `before` (a longest common subsequence): what a reviewer reads
 * when comparing two versions of a document. Common leading and trailing lines are matched
 * first, so the table covers only the changed middle.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const lines: DiffLine[] = [];
  for (let i = 0; i < start; i++)
    lines.push({ op: "same", text: a[i]!, before: i + 1, after: i + 1 });
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length > MAX_LINES || midB.length > MAX_LINES) {
    midA.forEach((text, i) => lines.push({ op: "removed", text, before: start + i + 1 }));
    midB.forEach((text, i) => lines.push({ op: "added", text, after: start + i + 1 }));
  } else {
    lines.push(...middle(midA, midB, start));
  }
  for (let i = endA, j = endB; i < a.length; i++, j++) {
    lines.push({ op: "same", text: a[i]!, before: i + 1, after: j + 1 });
  }
  return lines;
}

function middle(a: string[], b: string[], offset: number): DiffLine[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[at(i, j)] =
        a[i] === b[j]
          ? lengths[at(i + 1, j + 1)]! + 1
          : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      lines.push({ op: "same", text: a[i]!, before: offset + i + 1, after: offset + j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!)) {
      lines.push({ op: "removed", text: a[i]!, before: offset + i + 1 });
      i++;
    } else {
      lines.push({ op: "added", text: b[j]!, after: offset + j + 1 });
      j++;
    }
  }
  return lines;
}

/** Unchanged lines further than `context` from any change fold into one gap of their count. */
export function withContext(
  lines: DiffLine[],
  context: number,
): (DiffLine | { op: "gap"; count: number })[] {
  const near = new Uint8Array(lines.length);
  lines.forEach((line, index) => {
    if (line.op === "same") return;
    for (
      let i = Math.max(0, index - context);
      i <= Math.min(lines.length - 1, index + context);
      i++
    ) {
      near[i] = 1;
    }
  });
  const shown: (DiffLine | { op: "gap"; count: number })[] = [];
  lines.forEach((line, index) => {
    if (near[index]) return void shown.push(line);
    const last = shown[shown.length - 1];
    if (last?.op === "gap") last.count++;
    else shown.push({ op: "gap", count: 1 });
  });
  return shown;
}
