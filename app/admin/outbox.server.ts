import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { platformClient } from "../api-client/platform.server.ts";
import { pageParam, requireAdmin } from "./admin.server.ts";

/** `/admin/outbox?p=`: the realm's outgoing email, newest first. */
export async function adminOutboxLoader(args: LoaderFunctionArgs) {
  const { realm, shell, viewer } = await requireAdmin(args);
  const mail = await platformClient(args.context, {
    realm,
    locale: shell.locale,
    token: viewer.token,
  }).call("outbox", {
    query: { p: pageParam(new URL(args.request.url)), rpp: 20 },
  });
  return data({ mail }, { headers: { "Cache-Control": "private, no-store" } });
}
