import type { MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { ConnectionFailed } from "../ui/StatusPage.tsx";

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ matches }) => {
  const locale = matches.find((m) => m.id === "root")?.data?.locale;
  return [{ title: i18nFor(locale).t("connectionFailed") }, { name: "robots", content: "noindex" }];
};

/** Where a failed start-up sends the viewer (spec section 2, fixed paths). */
export default function Disconnected() {
  return <ConnectionFailed />;
}
