import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Card } from "../../contract/generated/card.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { contentId } from "../realm/content-id.ts";
import { realmPaths } from "../realm/links.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { asItemRouteError, asRouteError } from "../realm/shell.server.ts";
import { canonicalSite, canonicalUrl, type CanonicalSite } from "../seo/canonical.ts";
import { writeCalendar, type IcsEvent } from "./ics.ts";
import type { UpcomingEntry, UpcomingView } from "./view.ts";

/**
 * Upcoming events the page and the feed list, soonest first: the platform's largest page,
 * which covers weeks of a realm's events (the demo realms schedule about two).
 */
export const UPCOMING_MAX = 200;

/** How often a subscribed calendar should read the feed again, in minutes. */
export const FEED_REFRESH_MINUTES = 60;

/** The feed and the downloads are the same for every viewer of a language: caches may keep them. */
const CALENDAR_CACHE = "public, max-age=300";
const PAGE_CACHE = { "Cache-Control": "private, no-cache" };

const PROD_ID = "-//Streaming//Upcoming events//EN";

async function upcomingEvents(
  { realm, shell }: RealmRequest,
  context: LoaderFunctionArgs["context"],
) {
  const answer = await platformClient(context, { realm, locale: shell.locale }).call("events", {
    query: { status: "UPCOMING", rpp: UPCOMING_MAX },
  });
  return answer.hits;
}

function siteOf(args: LoaderFunctionArgs, found: RealmRequest): CanonicalSite {
  return canonicalSite(new URL(args.request.url), found.basePath, found.realm.preferredDomain);
}

/** A path inside the realm (from the route table) as an absolute URL on the canonical site. */
function absolute(site: CanonicalSite, name: string, params?: Record<string, string>): string {
  return canonicalUrl(site, routeHref("", { name, params }));
}

/** An event as a calendar entry, its URL the event's page on the realm's canonical site. */
function icsEvent(card: Card, site: CanonicalSite, realm: string): IcsEvent {
  const host = new URL(site.origin).hostname;
  return {
    uid: `event-${card.id}.${realm}@${host}`,
    start: new Date(card.startDate!),
    end: new Date(card.endDate ?? card.startDate!),
    summary: card.title || card.name || "",
    description: card.description || undefined,
    url: absolute(site, "live", { id: String(card.id) }),
  };
}

function calendarResponse(body: string, filename?: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": CALENDAR_CACHE,
      // Titles are in the viewer's language: from a language cookie or the browser's.
      Vary: "Accept-Language, Cookie",
      ...(filename ? { "Content-Disposition": `attachment; filename="${filename}"` } : {}),
    },
  });
}

/**
 * `/upcoming`: the realm's upcoming events (start still ahead), soonest first, each with its
 * page and a single-event `.ics`, and the realm's calendar feed. The route exists only where
 * the realm lets guests in and shows them the schedule, and then everyone may open it.
 */
export async function upcomingLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  let cards: Card[];
  try {
    cards = await upcomingEvents(found, args.context);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`upcoming: ${error.message}`);
    const view: UpcomingView = { state: "failed", retry: `${url.pathname}${url.search}` };
    return data(view, { status: 503, headers: PAGE_CACHE });
  }
  const paths = realmPaths(found.basePath);
  const site = siteOf(args, found);
  const events = cards
    .filter((card) => card.startDate)
    .map((card): UpcomingEntry => ({
      card,
      href: paths.card(card),
      calendarHref: routeHref(found.basePath, {
        name: "upcomingEventCalendar",
        params: { id: String(card.id) },
      }),
    }));
  const feedUrl = absolute(site, "upcomingCalendar");
  const view: UpcomingView = {
    state: "ready",
    events,
    feed: {
      href: routeHref(found.basePath, { name: "upcomingCalendar" }),
      url: feedUrl,
      webcal: feedUrl.replace(/^https?:/, "webcal:"),
    },
    home: paths.home,
  };
  return data(view, { headers: PAGE_CACHE });
}

/**
 * `/upcoming.ics`: the realm's upcoming events as one subscribable iCalendar feed. Calendar
 * applications fetch it without the viewer's session, so it holds only what anyone may see.
 */
export async function upcomingFeedResponse(args: LoaderFunctionArgs): Promise<Response> {
  const found = await requireRealmRequest(args);
  let cards: Card[];
  try {
    cards = await upcomingEvents(found, args.context);
  } catch (error) {
    throw asRouteError(error);
  }
  const site = siteOf(args, found);
  const body = writeCalendar({
    prodId: PROD_ID,
    name: found.shell.realm.fullName,
    refreshMinutes: FEED_REFRESH_MINUTES,
    stamp: new Date(),
    events: cards
      .filter((card) => card.startDate)
      .map((card) => icsEvent(card, site, found.realm.realm)),
  });
  return calendarResponse(body);
}

/**
 * `/upcoming/{id}/calendar.ics`: one event of the realm to add to a calendar, as a download.
 * An event that has ended, or that the realm does not have, is not found.
 */
export async function upcomingEventCalendarResponse(args: LoaderFunctionArgs): Promise<Response> {
  const found = await requireRealmRequest(args);
  const id = contentId(args.params.id);
  if (!id) throw data(null, { status: 404 });
  let card: Card;
  try {
    card = await platformClient(args.context, {
      realm: found.realm,
      locale: found.shell.locale,
    }).call("event", { params: { id } });
  } catch (error) {
    throw asItemRouteError(error);
  }
  if (!card.startDate || Date.parse(card.endDate ?? card.startDate) <= Date.now()) {
    throw data(null, { status: 404 });
  }
  const body = writeCalendar({
    prodId: PROD_ID,
    stamp: new Date(),
    events: [icsEvent(card, siteOf(args, found), found.realm.realm)],
  });
  return calendarResponse(body, `event-${card.id}.ics`);
}
