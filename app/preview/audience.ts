import type { ViewerListCards, ViewerSource } from "../../blocks/types.ts";
import { DEFAULT_PLAYBACK_PREFERENCES } from "../../contract/playback-preferences.ts";
import type { RouteCondition, ViewerRole } from "../realm/routes.ts";

/**
 * Whom the workbench's live preview shows a document to: the admin as today (their own rows),
 * or one of the realm's audiences (spec section 1): a signed-out visitor, a checked-in guest, a
 * customer with an active licence, or a child profile of such a customer.
 */
export const AUDIENCES = ["admin", "signedOut", "guest", "customer", "child"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The query parameter of the preview route that names the audience. */
export const AUDIENCE_PARAM = "as";

/** The audience a preview URL asks for (`?as=`); the admin's own view otherwise. */
export function readAudience(url: URL): Audience {
  const asked = url.searchParams.get(AUDIENCE_PARAM);
  return (AUDIENCES as readonly string[]).includes(asked ?? "") ? (asked as Audience) : "admin";
}

/** What the header and menu know of the audience's viewer (as root data gives the shell's). */
export interface AudienceViewer {
  role: ViewerRole;
  child: boolean;
}

/** The role and profile the audience views as; `admin` is the admin's own session. */
export function audienceViewer(audience: Audience, admin: AudienceViewer): AudienceViewer {
  switch (audience) {
    case "admin":
      return admin;
    case "signedOut":
      return { role: "UNAUTHENTICATED", child: false };
    case "guest":
      return { role: "GUEST", child: false };
    case "customer":
      return { role: "CUSTOMER", child: false };
    case "child":
      return { role: "CUSTOMER", child: true };
  }
}

/** An audience as a preview shows to it (the preview route's data; see preview.server.ts). */
export interface PreviewAudience extends AudienceViewer {
  name: Audience;
  /** The audience may open the home page (menu items lead there, else to the landing page). */
  homeOpen: boolean;
  /** Card titles' font scale for this viewer (a child profile's may differ). */
  cardTitleScale: number;
}

/**
 * The audience other than the admin that the matched preview route shows its document to, if
 * any: the realm's own header then shows what that audience's header shows.
 */
export function previewedAudience(matches: { data: unknown }[]): PreviewAudience | null {
  for (const match of matches) {
    const audience = (match.data as { audience?: PreviewAudience } | null | undefined)?.audience;
    if (audience && audience.name !== "admin") return audience;
  }
  return null;
}

/**
 * The list a viewer's own blocks show in a realm with these routes, as the platform gives
 * each account: my list where the realm has one, else favourites (unless the realm has
 * watchlists instead), else none.
 */
export function viewerListKind(
  features: Pick<Record<RouteCondition, boolean>, "myList" | "noWatchlists">,
): ViewerListCards["kind"] | null {
  if (features.myList) return "MY_LIST";
  if (features.noWatchlists) return "FAVOURITES";
  return null;
}

/**
 * The own data of a customer's account (or child profile) the preview shows: one that has
 * watched nothing and listed nothing yet, with the default playback preferences. Nobody's real
 * rows, so neither the admin's history nor a customer's reaches the preview, while every block
 * of the viewer's own data renders as it does for a signed-in viewer.
 */
export function newAccountViewerSource(listKind: ViewerListCards["kind"] | null): ViewerSource {
  return {
    history: () => Promise.resolve([]),
    viewerList: () => Promise.resolve(listKind ? { kind: listKind, items: [] } : null),
    backgroundVideoAutoPlay: () =>
      Promise.resolve(DEFAULT_PLAYBACK_PREFERENCES.videoBackgroundAutoPlay),
  };
}
