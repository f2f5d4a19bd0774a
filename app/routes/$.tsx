import { data } from "@remix-run/node";

/** Unknown paths outside any realm: the not-found page with a 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
