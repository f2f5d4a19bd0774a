import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { flashToast } from "../feedback/flash.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { rememberChoice } from "./cookies.server.ts";
import type { NoticeIntent } from "./choice-form.tsx";
import { readForm } from "../realm/form-body.server.ts";

const INTENTS: readonly NoticeIntent[] = ["agree-cookies", "dismiss-smart-banner"];

// A resource route answers with a Response: data() would lose the status here.
function problem(status: number, message: string) {
  return Response.json(
    { ok: false, status, messages: [message] },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * `POST {realm}/notices`, `intent=agree-cookies|dismiss-smart-banner`: remembers the choice in
 * the realm's notices cookie. A form posted without scripts (it sends `redirectTo`) is sent
 * back to its page; a script gets `{ ok: true }`. Agreeing leaves a toast saying so.
 */
export async function noticeChoiceAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") return problem(405, "Only POST is allowed here");
  const { realm, basePath } = await requireRealmRequest(args);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    return problem(400, "The body must be a form (application/x-www-form-urlencoded)");
  }
  const intent = form.get("intent");
  if (!INTENTS.includes(intent as NoticeIntent)) {
    return problem(400, `'intent' must be one of ${INTENTS.join(", ")}`);
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append(
    "Set-Cookie",
    await rememberChoice(
      request,
      context,
      realm.realm,
      intent === "agree-cookies" ? { cookiePolicyAgreed: true } : { smartBannerDismissed: true },
    ),
  );
  if (intent === "agree-cookies") {
    headers.append(
      "Set-Cookie",
      await flashToast(request, context, { level: "success", label: "cookiePolicySaved" }),
    );
  }
  const back = form.get("redirectTo");
  if (back !== null) {
    return redirect(safeRedirectPath(back, routeHref(basePath, { name: "root" })), { headers });
  }
  return Response.json({ ok: true }, { headers });
}
