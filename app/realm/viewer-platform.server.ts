import type { LoaderFunctionArgs } from "@remix-run/node";
import { platformClient } from "../api-client/platform.server.ts";
import type { Viewer } from "../session/viewer.server.ts";
import type { RealmRequest } from "./request.server.ts";

/** A viewer with an account (a customer or an admin), as opposed to a guest or a visitor. */
export function hasAccount(viewer: Pick<Viewer, "role">): boolean {
  return viewer.role === "CUSTOMER" || viewer.role === "ADMIN";
}

/** The platform, called as this request's viewer, in the realm's language for them. */
export function viewerPlatform(args: Pick<LoaderFunctionArgs, "context">, found: RealmRequest) {
  return platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
}
