import { data } from "@remix-run/node";

/** Anything under a realm that no route claims: the not-found page with a 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function RealmNotFound() {
  return null;
}
