import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { asRouteError } from "../realm/shell.server.ts";
import { pageSeo } from "../seo/page-seo.ts";
import { DAY_MS, dayParam, guideDays, readDay } from "./epg-day.ts";

/**
 * `/epg`: the programme guide of one day (`?day=YYYY-MM-DD`, today without it) for every
 * channel of the realm. The route exists only where epgMatrix is ENABLED (route table).
 */
export async function loadEpg(args: LoaderFunctionArgs) {
  const { realm, shell, basePath } = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const now = Date.now();
  const day = readDay(url.searchParams.get("day"), now);
  if (day === null) throw data(null, { status: 404 });
  const platform = platformClient(args.context, { realm, locale: shell.locale });
  try {
    const grid = await platform.call("epg", {
      query: {
        from: new Date(day).toISOString(),
        to: new Date(day + DAY_MS).toISOString(),
      },
    });
    const seo = pageSeo({
      requestUrl: url,
      basePath,
      preferredDomain: realm.preferredDomain,
      key: "epg",
      images: [realm.logoUrl],
    });
    return data(
      { day: dayParam(day), days: guideDays(now).map(dayParam), grid, basePath, seo },
      // Statuses and the now line move with the clock: never served from a cache.
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    throw asRouteError(error);
  }
}
