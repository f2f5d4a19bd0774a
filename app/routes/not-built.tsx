import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRealmRequest } from "../realm/request.server.ts";

/**
 * A named route whose page does not exist yet: guarded like the page will be, then the
 * not-found page (404) until it is built.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireRealmRequest(args);
  throw data(null, { status: 404 });
}

export default function NotBuilt() {
  return null;
}
