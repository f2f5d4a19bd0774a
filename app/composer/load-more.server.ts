import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { realmRequest } from "../realm/request.server.ts";
import { platformContentSource } from "./content-source.server.ts";
import { livePage } from "./load-page.server.ts";

const NAME = /^[a-z0-9][a-z0-9-]{0,79}$/;

function problem(status: number, message: string) {
  return Response.json(
    { status, messages: [message] },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * Next page of one block of a published page: `?p=` (from 1) and `?rpp=` (1-50). The block is
 * found in the live page config, so a browser can only ask for content a page already lists.
 */
export async function loadMore(args: LoaderFunctionArgs): Promise<Response> {
  const { request, params, context } = args;
  const { kind, key = "", blockId = "" } = params;
  if ((kind !== "page" && kind !== "section") || !NAME.test(key) || !NAME.test(blockId)) {
    return problem(404, "No such block");
  }
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("p") ?? "1");
  const rpp = Number(url.searchParams.get("rpp") ?? "20");
  if (
    !Number.isInteger(page) ||
    page < 1 ||
    page > 10_000 ||
    !Number.isInteger(rpp) ||
    rpp < 1 ||
    rpp > 50
  ) {
    return problem(400, "p must be a whole number from 1 and rpp one from 1 to 50");
  }
  try {
    const found = await realmRequest(args);
    if (!found) return problem(404, "No such realm");
    const { realm } = found;
    const platform = platformClient(context, { realm, locale: found.shell.locale });
    const { page: doc } = await livePage(platform, { kind, key, realm: realm.realm });
    const block = Object.values(doc.zones)
      .flat()
      .find((b) => b?.id === blockId);
    if (!block || !("source" in block)) return problem(404, "No such list block");
    const result = await platformContentSource(platform).list(block.source, { page, rpp });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return problem(404, "No such page");
    if (error instanceof PlatformError) return problem(503, "The platform could not be reached");
    throw error;
  }
}
