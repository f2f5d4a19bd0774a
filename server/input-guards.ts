import type { Context, MiddlewareHandler } from "hono";
import { detectLanguage } from "../app/i18n/detect.ts";
import { FALLBACK_LANGUAGE, i18nFor, SUPPORTED_LANGUAGES } from "../app/i18n/i18n.ts";
// Refusals are worded in the viewer's language, before the app's build is loaded.
import "../app/i18n/all-languages.server.ts";
import { savedLanguage } from "../app/i18n/language-cookie.ts";
import type { LabelKey } from "../app/feedback/toast.ts";
import { limitBodies } from "./body-limit.ts";
import { isUnreadableAddress } from "./unreadable-address.ts";

/**
 * What every request passes before any route: an address that can be read, a body within its
 * limit (server/body-limit.ts). Refusals are the contract's JSON errors under /api, else a
 * short text in the viewer's language.
 */
export function inputGuards(): MiddlewareHandler[] {
  return [
    async (c, next) => {
      if (!isUnreadableAddress(new URL(c.req.url))) return next();
      return refusal(c, 400, {
        code: "INVALID_ADDRESS",
        message: "The address holds control characters or a broken %-escape",
        title: "badRequest",
        text: "badRequestText",
      });
    },
    limitBodies((c, limit) =>
      refusal(c, 413, {
        code: "PAYLOAD_TOO_LARGE",
        message: `Request bodies here must not be larger than ${byteSize(limit)}`,
        title: "requestTooLarge",
        text: "requestTooLargeText",
        size: byteSize(limit),
      }),
    ),
  ];
}

function refusal(
  c: Context,
  status: 400 | 413,
  what: { code: string; message: string; title: LabelKey; text: LabelKey; size?: string },
): Response {
  c.header("Cache-Control", "no-store");
  if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
    return c.json(
      { status, code: what.code, messages: [what.message], requestId: c.get("requestId") },
      status,
    );
  }
  const language = detectLanguage({
    saved: savedLanguage(c.req.header("Cookie")),
    acceptLanguage: c.req.header("Accept-Language"),
    languages: SUPPORTED_LANGUAGES,
    defaultLocale: FALLBACK_LANGUAGE,
  });
  const t = i18nFor(language).t;
  return c.text(`${t(what.title)}\n\n${t(what.text, { size: what.size })}\n`, status);
}

/** "64 KB", "1 MB": sizes as limits are set, in whole units. */
function byteSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
