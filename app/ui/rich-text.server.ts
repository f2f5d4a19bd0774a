import { micromark } from "micromark";
import { gfmStrikethrough, gfmStrikethroughHtml } from "micromark-extension-gfm-strikethrough";
import sanitizeHtml from "sanitize-html";

/**
 * The link title that marks a link internal (`[Tickets](https://… "internal")`): such links open
 * in a new tab (spec section 5, rich text); every other link opens in place.
 */
export const INTERNAL_LINK_MARK = "internal";

const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "del",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "h2",
  "h3",
  "h4",
  "code",
  "pre",
  "hr",
];

/**
 * Markdown from the store as HTML a page may insert. Whatever the parser emits, raw HTML in the
 * text included, passes through an allow-list of tags, attributes and URL schemes: a script or
 * frame is dropped with its content, an event handler or style attribute is dropped, and a
 * `javascript:` link loses its target, so nothing written into the store runs on the page. Only double tildes strike through;
 * a single tilde stays a tilde. Headings start at h2: the page's own title is its h1.
 */
export function renderRichText(markdown: string): string {
  const html = micromark(markdown, {
    // Handed to the sanitiser below rather than escaped: readers see no stray markup.
    allowDangerousHtml: true,
    extensions: [gfmStrikethrough({ singleTilde: false })],
    htmlExtensions: [gfmStrikethroughHtml()],
  });
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    transformTags: {
      h1: "h2",
      a: (tagName, attribs) => {
        const { title, ...rest } = attribs;
        if (title?.trim().toLowerCase() !== INTERNAL_LINK_MARK) return { tagName, attribs: rest };
        return { tagName, attribs: { ...rest, target: "_blank", rel: "noopener noreferrer" } };
      },
    },
  });
}

/** The text of rich text without its markup: for descriptions and structured data. */
export function richTextPlain(markdown: string): string {
  return sanitizeHtml(renderRichText(markdown), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}
