import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { flashToast } from "../feedback/flash.server.ts";
import type { LabelKey } from "../feedback/toast.ts";
import { PlatformError } from "../api-client/client.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { VIA_SCRIPT, type FormAnswer } from "./form-protocol.ts";
import { readForm } from "../realm/form-body.server.ts";

export interface AccountForm {
  found: RealmRequest;
  form: FormData;
  /** The page the form was on (without its hash): where a plain form post goes back to. */
  back: string;
  /** The form was sent by script (a fetcher), which wants JSON rather than a redirect. */
  byScript: boolean;
}

/** Reads an account form post: the realm request (guarded: customers only), its fields. */
export async function readAccountForm(args: ActionFunctionArgs): Promise<AccountForm> {
  const found = await requireRealmRequest(args);
  const form = await readForm(args.request);
  const home = routeHref(found.basePath, { name: "root" });
  const back = safeRedirectPath(form.get("redirectTo"), home).replace(/#.*$/, "");
  return { found, form, back, byScript: form.get(VIA_SCRIPT) === "1" };
}

/**
 * The action's answer: JSON for a script (the page revalidates on its own), else back to the
 * form's page with a toast saying how it went. `cookies` are set either way.
 */
export async function answer(
  args: ActionFunctionArgs,
  { back, byScript }: AccountForm,
  outcome: FormAnswer & { toast?: LabelKey },
  cookies: string[] = [],
): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const toast: LabelKey | undefined = outcome.ok
    ? outcome.toast
    : byScript
      ? undefined
      : ((outcome.error as LabelKey | undefined) ?? "errorOccurredPleaseTryAgain");
  if (toast) {
    headers.append(
      "Set-Cookie",
      await flashToast(args.request, args.context, {
        level: outcome.ok ? "success" : "error",
        label: toast,
      }),
    );
  }
  if (!byScript) return redirect(back, { headers });
  const { toast: _toast, ...body } = outcome;
  return Response.json(body, { status: outcome.ok ? 200 : 400, headers });
}

/** The platform's error code, or null when the failure was not an answer of the platform. */
export function codeOf(error: unknown): string | null {
  return error instanceof PlatformError ? error.code : null;
}
