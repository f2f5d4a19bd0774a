import { describe, expect, it } from "vitest";
import { renderRichText, richTextPlain } from "../../app/ui/rich-text.server.ts";

describe("rich text", () => {
  it("strikes through double tildes only; a single tilde stays a tilde", () => {
    expect(renderRichText("~~old~~ price")).toBe("<p><del>old</del> price</p>");
    expect(renderRichText("~20 km from ~the city~")).toBe("<p>~20 km from ~the city~</p>");
  });

  it("opens links in a new tab only when they are marked internal", () => {
    expect(renderRichText('[Tickets](https://tickets.example.com "internal")')).toBe(
      '<p><a href="https://tickets.example.com" target="_blank" rel="noopener noreferrer">Tickets</a></p>',
    );
    expect(renderRichText("[Table](https://example.com/table)")).toBe(
      '<p><a href="https://example.com/table">Table</a></p>',
    );
    // Any other title is dropped, and never makes a link open elsewhere.
    expect(renderRichText('[Table](https://example.com "Standings")')).toBe(
      '<p><a href="https://example.com">Table</a></p>',
    );
  });

  it("lets no script, event handler or javascript: link through", () => {
    const html = renderRichText(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(2)">',
        "[click](javascript:alert(3))",
        '<a href="https://example.com" onclick="alert(4)">x</a>',
        "<iframe src=https://evil.example></iframe>",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onclick|javascript:|alert\(1\)/i);
    expect(html).toContain('<a href="https://example.com">x</a>');
  });

  it("keeps paragraphs, emphasis and lists, and starts headings at h2", () => {
    expect(renderRichText("# Big\n\n**bold** and *soft*\n\n- one\n- two")).toBe(
      "<h2>Big</h2>\n<p><strong>bold</strong> and <em>soft</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>",
    );
  });

  it("gives the plain text for descriptions", () => {
    expect(richTextPlain("**Serrano** ~~perde~~ vence\n\nFim.")).toBe("Serrano perde vence Fim.");
  });
});
