import { HEADERS } from "../../contract/headers.ts";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { textIn } from "../../schemas/localized-text.ts";
import { requireRealmRequest } from "../realm/request.server.ts";

export interface ExternalPageView {
  title: string;
  description: string | null;
  url: string;
  display: "FRAME" | "LINK";
}

/**
 * `/external/{name}`: a page of another site the realm's config names (settings.externalPages),
 * framed inside the realm's page or linked, as the config says. A name the realm does not have
 * is the route's 404. A framed https page's origin goes to the server, which lets this answer's
 * policy frame it (server/security-headers.ts); a path of this site needs nothing.
 */
export async function externalPageLoader(args: LoaderFunctionArgs) {
  const { shell } = await requireRealmRequest(args);
  const pages = (shell.settings as RealmSettings).externalPages ?? {};
  const name = args.params.name ?? "";
  const page = Object.hasOwn(pages, name) ? pages[name] : undefined;
  if (!page) throw data(null, { status: 404 });
  const language = { locale: shell.locale, defaultLocale: shell.realm.defaultLocale };
  const view: ExternalPageView = {
    title: textIn(page.title, language),
    description: page.description ? textIn(page.description, language) : null,
    url: page.url,
    display: page.display,
  };
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  if (page.display === "FRAME" && page.url.startsWith("https://")) {
    headers.set(HEADERS.frameSource, new URL(page.url).origin);
  }
  return data(view, { headers });
}
