import table from "../../app/realm/route-table.json" with { type: "json" };
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { expect, test } from "./fixtures.ts";
import { sendRaw } from "./raw-request.ts";
import type { ServerProcess } from "./server-process.ts";
import { passwordSession, sessionCookieValue } from "./signed-in.ts";

/**
 * Whatever carries a session is this viewer's alone: every route of the route table answers a
 * signed-in viewer `private, no-store` (watch pages hold a signed stream URL, admin pages reset
 * links), on the shared host and on the realm's own domain. Pages holding sign-in state (CSRF,
 * challenge) are never stored either, even for visitors without a session.
 */

type Realm = keyof typeof DEMO_KEYS;

const KEYS: Record<Realm, { playlist: string; series: string; section: string; grid: string }> = {
  arena: {
    playlist: "road-to-afc-212",
    series: "fight-camp",
    section: "fight-nights",
    grid: "all-events",
  },
  liga: {
    playlist: "gols-da-rodada",
    series: "bastidores-da-liga-nacional",
    section: "schedule",
    grid: "todos-os-jogos",
  },
};

async function platformGet<T>(server: ServerProcess, realm: Realm, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    headers: {
      Accept: "application/json",
      App: "e2e",
      Realm: realm,
      "X-Api-Key": DEMO_KEYS[realm],
    },
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** Concrete values for every route parameter, from the realm's demo content. */
async function paramsOf(server: ServerProcess, realm: Realm): Promise<Record<string, string>> {
  const keys = KEYS[realm];
  const playlist = await platformGet<{ id: number }>(
    server,
    realm,
    `/v2/playlist/by-key/${keys.playlist}`,
  );
  const { videos } = await platformGet<{ videos: { id: number }[] }>(
    server,
    realm,
    `/v2/playlist/${playlist.id}`,
  );
  const series = await platformGet<{ id: number }>(
    server,
    realm,
    `/v2/series/by-key/${keys.series}`,
  );
  const { seasons } = await platformGet<{ seasons: { id: number }[] }>(
    server,
    realm,
    `/v2/series/${series.id}`,
  );
  const { hits: live } = await platformGet<{ hits: { id: number }[] }>(
    server,
    realm,
    "/v2/events?status=LIVE&rpp=1",
  );
  return {
    key: keys.grid,
    name: keys.section,
    pluginId: "standings",
    playlistId: String(playlist.id),
    seriesId: String(series.id),
    seasonId: String(seasons[0]!.id),
    vodId: String(videos[0]!.id),
    liveId: String(live[0]!.id),
    target: "page",
    "*": "home",
    kind: "vod",
    blockId: "1",
  };
}

type Route = (typeof table.routes)[number];

/** The URL path of a route, its parameters filled in with what the realm has. */
function pathOf(route: Route, base: string, values: Record<string, string>): string {
  const path = route.path
    .split("/")
    .map((segment) => {
      if (segment === "*") return values["*"]!;
      if (!segment.startsWith(":")) return segment;
      return encodeURIComponent(valueOf(route, segment.slice(1), values));
    })
    .join("/");
  return `${base}${path ? `/${path}` : ""}` || "/";
}

/** Which of the realm's values an `:id` parameter takes, per route; others take "1". */
const ID_OF: Record<string, string> = {
  vod: "vodId",
  live: "liveId",
  series: "seriesId",
  season: "seasonId",
  playlist: "playlistId",
  interstitial: "playlistId",
  competicao: "name",
  playbackGrant: "vodId",
};

function valueOf(route: Route, name: string, values: Record<string, string>): string {
  return name === "id" ? (values[ID_OF[route.name] ?? ""] ?? "1") : values[name]!;
}

const PRIVATE = /^(?=.*\bprivate\b)(?=.*\bno-store\b)/;

test.describe("answers that carry a session are never stored", () => {
  test.describe.configure({ timeout: 300_000 });

  for (const realm of Object.keys(KEYS) as Realm[]) {
    test(`every route of ${realm}, signed in, on both hosts`, async ({ server, baseURL }) => {
      const values = await paramsOf(server, realm);
      const tokens = await passwordSession(baseURL!, realm, `viewer@${realm}.test`);
      const session = await sessionCookieValue(tokens.authorisationToken, tokens.refreshToken);
      const wrong: string[] = [];
      let answers = 0;
      for (const [host, base] of [
        ["127.0.0.1", `/realm/${realm}`],
        [`${realm}.localhost`, ""],
      ] as const) {
        for (const route of table.routes) {
          const path = pathOf(route, base, values);
          const { status, headers } = await sendRaw(server, { method: "GET", host, path, session });
          answers += 1;
          const cacheControl = headers["cache-control"] ?? "(none)";
          if (!PRIVATE.test(cacheControl)) wrong.push(`${host}${path} ${status}: ${cacheControl}`);
        }
      }
      test.info().annotations.push({ type: "answers", description: String(answers) });
      expect(wrong).toEqual([]);
    });
  }

  test("sign-in, sign-up, authorize and TV pages, without a session", async ({ server }) => {
    const paths = [
      "/realm/arena/login",
      "/realm/liga/signup",
      "/realm/arena/tv",
      `/realm/liga/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: "demo-tv-app",
        redirect_uri: "http://localhost:3000/oauth-test-client/callback",
        state: "s",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      })}`,
    ];
    for (const path of paths) {
      const { headers } = await sendRaw(server, { method: "GET", host: "127.0.0.1", path });
      expect(headers["cache-control"], path).toMatch(PRIVATE);
    }
    // A page for anonymous viewers still says a shared cache may keep it.
    const home = await sendRaw(server, { method: "GET", host: "127.0.0.1", path: "/realm/arena" });
    expect(home.status).toBe(200);
    expect(home.headers["cache-control"]).toMatch(/^public, .*s-maxage=/);
  });
});
