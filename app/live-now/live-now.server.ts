import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import type { LiveNowAnswer } from "./live-now.ts";

/**
 * Events in one overlay: far more than a realm runs at once (the demo realms run two or
 * three), and few enough to draw without paging.
 */
export const LIVE_NOW_MAX = 50;

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET {realm}/live-now`: JSON of the events live now (`GET /v2/events?status=LIVE`), for the
 * live-now overlay. Customers and admins only, as the button that opens it (the route table
 * sends anyone else away); a platform failure answers 503 with the platform's code.
 */
export async function liveNowLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { realm, shell } = await requireRealmRequest(args);
  try {
    const live = await platformClient(args.context, { realm, locale: shell.locale }).call(
      "events",
      {
        query: { status: "LIVE", rpp: LIVE_NOW_MAX },
      },
    );
    const answer: LiveNowAnswer = { events: live.hits, totalHits: live.totalHits };
    return Response.json(answer, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`live now: ${error.message}`);
    return Response.json(
      { status: 503, code: error.code, messages: ["The platform could not list live events"] },
      { status: 503, headers: NO_STORE },
    );
  }
}
