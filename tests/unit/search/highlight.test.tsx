import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Highlight, highlightParts, queryWords } from "../../../app/search/highlight.tsx";

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .filter((part) => part.match)
    .map((part) => part.text);

describe("highlighting the words a search matched", () => {
  it("ignores accents and case either way", () => {
    expect(marked("Atlético Serrano x Porto Real", "atletico")).toEqual(["Atlético"]);
    expect(marked("Atletico Serrano", "ATLÉTICO")).toEqual(["Atletico"]);
    expect(marked("São Paulo", "sao")).toEqual(["São"]);
  });

  it("marks every word of the query, wherever each occurs", () => {
    expect(marked("Road to AFC 212: Okafor vs. Lindqvist", "lindqvist okafor")).toEqual([
      "Okafor",
      "Lindqvist",
    ]);
    expect(marked("Okafor and okafor again", "okafor")).toEqual(["Okafor", "okafor"]);
  });

  it("keeps the text whole, in order, with matches joined into runs", () => {
    const parts = highlightParts("Okafor vs. Lindqvist", "oka fo");
    expect(parts.map((p) => p.text).join("")).toBe("Okafor vs. Lindqvist");
    expect(parts[0]).toEqual({ text: "Okafo", match: true });
  });

  it("reads the query as plain text: regular-expression characters match themselves", () => {
    expect(marked("AFC 212: Okafor (c) vs. Lindqvist", "(c)")).toEqual(["(c)"]);
    expect(marked("Fight Night 89.5", "9.")).toEqual(["9."]);
    expect(marked("a+b [x] ^y$ *z*", ".*")).toEqual([]);
    expect(marked("a+b [x] ^y$ *z*", "[x] a+b")).toEqual(["a+b", "[x]"]);
  });

  it("marks nothing for a blank query or a word the text lacks", () => {
    expect(highlightParts("Okafor", "   ")).toEqual([{ text: "Okafor", match: false }]);
    expect(marked("Okafor", "silva")).toEqual([]);
    expect(highlightParts("", "okafor")).toEqual([]);
  });

  it("keeps characters outside the basic plane whole", () => {
    const parts = highlightParts("🥊 Okafor 🥊", "okafor");
    expect(parts.map((p) => p.text)).toEqual(["🥊 ", "Okafor", " 🥊"]);
  });

  it("folds the query's words once, longest first", () => {
    expect(queryWords(" Atlético  at ATLETICO ")).toEqual(["atletico", "at"]);
  });

  it("draws matches in <mark>", () => {
    expect(renderToStaticMarkup(<Highlight text="Atlético Serrano" query="serrano" />)).toBe(
      "Atlético <mark>Serrano</mark>",
    );
  });
});
