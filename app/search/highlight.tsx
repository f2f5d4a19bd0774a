import type { ReactNode } from "react";

/** A run of a title: matched by a query word, or not. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** One character folded for matching: lower case, without accents ("É" → "e"). */
function fold(char: string): string {
  return char
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a query, folded, longest first; nothing for a blank query. */
export function queryWords(query: string): string[] {
  const words = query
    .split(/\s+/)
    .map((word) => [...word].map(fold).join(""))
    .filter((word) => word.length > 0);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/**
 * Splits `text` into the runs the words of `query` match and the rest. Matching ignores case
 * and accents ("atletico" matches "Atlético"), every word is matched wherever it occurs, and
 * the query is plain text (no character in it has a special meaning).
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const words = queryWords(query);
  if (words.length === 0 || text.length === 0) return text ? [{ text, match: false }] : [];
  // The folded text, and for each of its characters the original character it came from.
  const chars = [...text];
  let folded = "";
  const origin: number[] = [];
  chars.forEach((char, index) => {
    const f = fold(char);
    folded += f;
    for (let i = 0; i < f.length; i++) origin.push(index);
  });
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      for (let i = at; i < at + word.length; i++) marked[origin[i]!] = true;
    }
  }
  const parts: TextPart[] = [];
  chars.forEach((char, index) => {
    const match = marked[index]!;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += char;
    else parts.push({ text: char, match });
  });
  return parts;
}

/** `text` with the words of `query` in <mark>. */
export function Highlight({ text, query }: { text: string; query: string }): ReactNode {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
