import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import { PlatformError, type PlatformClient } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { normaliseQuery, parseSearchParams, type SearchRequest } from "./search-url.ts";
import { searchSizes, type SearchPageView } from "./view.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
/** Pages the JSON route answers: far past any page a viewer pages to. */
const MAX_ANSWER_PAGE = 1000;

function clientFor(args: LoaderFunctionArgs, { realm, shell, viewer }: RealmRequest) {
  return platformClient(args.context, { realm, locale: shell.locale, token: viewer.token });
}

/** Popular content; a failure leaves it out (it only fills space), and is logged. */
async function popularCards(client: PlatformClient, rpp: number): Promise<Card[]> {
  try {
    return (await client.call("popular", { query: { p: 1, rpp } })).hits;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`search: popular content: ${error.message}`);
    return [];
  }
}

/** Pages 1..request.page of a search, asked together, as one list (at most the last page). */
async function searchPages(
  client: PlatformClient,
  { query, filters, page }: SearchRequest,
  rpp: number,
): Promise<ResultSet> {
  const ask = (p: number) =>
    client.call("search", { query: { q: query, contentFilters: filters, p, rpp } });
  const first = await ask(1);
  const last = Math.min(page, first.totalPages);
  const rest = await Promise.all(Array.from({ length: last - 1 }, (_, i) => ask(i + 2)));
  const pages = [first, ...rest];
  const final = pages[pages.length - 1]!;
  return { ...final, page: last, hits: pages.flatMap((set) => set.hits) };
}

/**
 * `/search` (vesper realms): the results for `?q=`, narrowed by each `?filter=`, pages 1 to
 * `?page=` at once, so the page, its filters and "more results" work without scripts. Before a
 * search, and when one finds nothing, popular content; a platform failure is the page's own
 * error state (503) with a way to try again.
 */
export async function searchPageLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const request = parseSearchParams(url.searchParams);
  const sizes = searchSizes(found.shell.settings);
  const client = clientFor(args, found);
  const base: Omit<SearchPageView, "state" | "results" | "popular"> = {
    request,
    resultPerPage: sizes.resultPerPage,
  };
  if (!request.query) {
    const popular = await popularCards(client, sizes.resultPerPage);
    return data<SearchPageView>(
      { ...base, state: "idle", results: null, popular },
      {
        headers: PRIVATE,
      },
    );
  }
  let results: ResultSet;
  try {
    results = await searchPages(client, request, sizes.resultPerPage);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`search: ${error.message}`);
    return data<SearchPageView>(
      { ...base, state: "failed", results: null, popular: [] },
      { status: 503, headers: PRIVATE },
    );
  }
  const popular = results.totalHits === 0 ? await popularCards(client, sizes.resultPerPage) : [];
  return data<SearchPageView>({ ...base, state: "ready", results, popular }, { headers: PRIVATE });
}

function problem(status: number, message: string, code?: string) {
  return Response.json(
    { status, ...(code ? { code } : {}), messages: [message] },
    { status, headers: PRIVATE },
  );
}

/**
 * `{realm}/search-answers`: JSON for search in the browser. `?kind=results&q=&filter=&page=`
 * one page of results (the page's "more results"), `?kind=buckets&q=` the overlay's buckets,
 * `?kind=popular` popular content. Answers 400 for a request it cannot read and 503 with the
 * platform's code when the platform fails.
 */
export async function searchAnswersLoader(args: LoaderFunctionArgs): Promise<Response> {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const kind = url.searchParams.get("kind");
  const sizes = searchSizes(found.shell.settings);
  const client = clientFor(args, found);
  try {
    switch (kind) {
      case "results": {
        const { query, filters } = parseSearchParams(url.searchParams);
        const raw = url.searchParams.get("page") ?? "1";
        const page = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
        if (!query || page < 1 || page > MAX_ANSWER_PAGE) {
          return problem(400, `q must not be blank and page must be from 1 to ${MAX_ANSWER_PAGE}`);
        }
        const answer = await client.call("search", {
          query: { q: query, contentFilters: filters, p: page, rpp: sizes.resultPerPage },
        });
        return Response.json(answer, { headers: PRIVATE });
      }
      case "buckets": {
        const query = normaliseQuery(url.searchParams.get("q"));
        if (!query) return problem(400, "q must not be blank");
        const answer = await client.call("searchBuckets", { query: { q: query } });
        return Response.json(answer, { headers: PRIVATE });
      }
      case "popular": {
        const answer = await client.call("popular", {
          query: { p: 1, rpp: sizes.bucketPerPage },
        });
        return Response.json(answer, { headers: PRIVATE });
      }
      default:
        return problem(400, "kind must be results, buckets or popular");
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`search answers (${kind}): ${error.message}`);
    return problem(503, "The platform could not search", error.code);
  }
}
