import { logout } from "../identity/logout.server.ts";

/** `/logout` (a link from the menu, or a form): signs out, then the realm's first page. */
export const loader = logout;
export const action = logout;

export default function Logout() {
  return null;
}
