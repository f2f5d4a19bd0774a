import type { MetaFunction } from "@remix-run/node";
import { ConnectionFailed } from "../ui/StatusPage.tsx";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Where a failed start-up sends the viewer (spec section 2, fixed paths). */
export default function Disconnected() {
  return <ConnectionFailed />;
}
