import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";

/**
 * A realm request from one of its admins. The route table lets customers through (it has no
 * admin access level); everyone but an admin gets the access-denied page here, on the server.
 */
export async function requireAdmin(args: LoaderFunctionArgs): Promise<RealmRequest> {
  const found = await requireRealmRequest(args);
  if (found.viewer.role !== "ADMIN") throw data(null, { status: 403 });
  return found;
}

/** The page number of a `p` query parameter (from 1). */
export function pageParam(url: URL): number {
  const value = Number(url.searchParams.get("p") ?? "1");
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}
