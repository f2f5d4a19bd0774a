import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { loadAccountState } from "../account/account-state.server.ts";
import { takeFlashToast } from "../feedback/flash.server.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { loadNotices } from "./notices.server.ts";

/**
 * The root loader's answer with what every page shows around its content: the notices of the
 * request, the toast an action left for it (cleared as it is read), and what the frame shows
 * about the signed-in account (profiles, consent and missing-information prompts).
 */
export async function withNotices<T extends object>(
  args: LoaderFunctionArgs,
  found: RealmRequest | null,
  base: T,
) {
  const { request, context } = args;
  const [notices, flash, account] = await Promise.all([
    loadNotices(request, context, found),
    takeFlashToast(request, context),
    loadAccountState(args, found),
  ]);
  const headers = new Headers();
  for (const cookie of [account.setCookie, flash.setCookie]) {
    if (cookie) headers.append("Set-Cookie", cookie);
  }
  return data({ ...base, notices, toast: flash.toast, account: account.state }, { headers });
}
