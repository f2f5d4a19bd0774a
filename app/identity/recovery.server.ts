import type { LabelKey } from "../../contract/labels.ts";
import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { flashToast } from "../feedback/flash.server.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { authErrorLabel } from "./auth-errors.ts";
import { credentialProblems } from "./credentials.ts";
import { storeSession, type FormOutcome } from "./session-actions.server.ts";
import { readForm } from "../realm/form-body.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

const platformOf = ({ context }: { context: LoaderFunctionArgs["context"] }, r: RealmRequest) =>
  platformClient(context, { realm: r.realm, locale: r.shell.locale, token: r.viewer.token });

/**
 * `/email-confirmation`: with `token`, the emailed link confirms the address (a link scanner
 * following it only confirms it sooner); with `sent`, the page after sign-up.
 */
export async function emailConfirmationLoader(args: LoaderFunctionArgs) {
  const realmRequest = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const token = url.searchParams.get("token");
  const home = routeHref(realmRequest.basePath, { name: "home" });
  if (!token) {
    return data({ state: url.searchParams.has("sent") ? "sent" : "pending", home } as const, {
      headers: PRIVATE,
    });
  }
  const signedIn = realmRequest.viewer.role === "CUSTOMER" || realmRequest.viewer.role === "ADMIN";
  try {
    await platformOf(args, realmRequest).post("/v2/confirmation-token/verify", {
      confirmationToken: token,
    });
    if (signedIn) throw await onToHome(args, home, { level: "success", label: "emailConfirmed" });
    return data({ state: "confirmed", home } as const, { headers: PRIVATE });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    const label = authErrorLabel(error);
    if (signedIn) throw await onToHome(args, home, { level: "error", label });
    return data({ state: "failed", label, home } as const, { headers: PRIVATE });
  }
}

/**
 * A signed-in viewer (an account that kept its session while unconfirmed, decision 022) is not
 * shown the visitors' page: the outcome goes with them to the home page as a toast.
 */
async function onToHome(
  { request, context }: LoaderFunctionArgs,
  home: string,
  toast: { level: "success" | "error"; label: LabelKey },
) {
  return redirect(home, {
    headers: { "Set-Cookie": await flashToast(request, context, toast), ...PRIVATE },
  });
}

/** The realm's guard, and nothing else to load. */
export async function guardOnly(args: LoaderFunctionArgs) {
  await requireRealmRequest(args);
  return data(null, { headers: PRIVATE });
}

/** `/login/request-password`: asks for a reset link. */
export async function requestPasswordAction(args: ActionFunctionArgs) {
  const realmRequest = await requireRealmRequest(args);
  const email = String((await readForm(args.request)).get("email") ?? "");
  const problem = credentialProblems(email, "placeholder").email;
  if (problem) {
    return { status: "error", label: problem, fields: { email: problem } } satisfies FormOutcome;
  }
  try {
    await platformOf(args, realmRequest).post("/v2/password/request", { email });
  } catch (error) {
    return { status: "error", label: authErrorLabel(error) } satisfies FormOutcome;
  }
  return { status: "sent" } as const;
}

/** `/login/reset-password?pwrt=…`: the emailed link's page; the token is used on submit only. */
export async function resetPasswordLoader(args: LoaderFunctionArgs) {
  const { basePath } = await requireRealmRequest(args);
  return data(
    {
      token: new URL(args.request.url).searchParams.get("pwrt"),
      requestHref: routeHref(basePath, { name: "loginRequestPassword" }),
    },
    { headers: PRIVATE },
  );
}

export async function resetPasswordAction(args: ActionFunctionArgs) {
  const realmRequest = await requireRealmRequest(args);
  const form = await readForm(args.request);
  const password = String(form.get("password") ?? "");
  const problem = credentialProblems("a@b.co", password).password;
  if (problem) {
    return { status: "error", label: problem, fields: { password: problem } } satisfies FormOutcome;
  }
  try {
    await platformOf(args, realmRequest).post("/v2/password/reset", {
      token: String(form.get("token") ?? ""),
      secret: password,
    });
  } catch (error) {
    return { status: "error", label: authErrorLabel(error) } satisfies FormOutcome;
  }
  throw redirect(routeHref(realmRequest.basePath, { name: "login" }), {
    headers: {
      "Set-Cookie": await flashToast(args.request, args.context, {
        level: "success",
        label: "passwordChanged",
      }),
    },
  });
}

interface PendingAccount {
  id: string;
  email: string;
  fullName: string | null;
}
interface Entitlement {
  licence: string;
  status: string;
  startsAt: string;
  endsAt: string | null;
}

/** `/activate/{id}`: an account made for the viewer, with what it will let them watch. */
export async function activateLoader(args: LoaderFunctionArgs) {
  const realmRequest = await requireRealmRequest(args);
  const id = encodeURIComponent(args.params.id ?? "");
  const platform = platformOf(args, realmRequest);
  try {
    const [account, { entitlements }] = await Promise.all([
      platform.get<PendingAccount>(`/v2/pendingactivationuser/${id}`),
      platform.get<{ entitlements: Entitlement[] }>(`/v2/pendingactivationuser/${id}/entitlement`),
    ]);
    return data({ account, entitlements }, { headers: PRIVATE });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) {
      return data({ account: null, entitlements: [] }, { status: 404, headers: PRIVATE });
    }
    throw error;
  }
}

export async function activateAction(args: ActionFunctionArgs) {
  const realmRequest = await requireRealmRequest(args);
  const id = encodeURIComponent(args.params.id ?? "");
  const platform = platformOf(args, realmRequest);
  const intent = (await readForm(args.request)).get("intent");
  try {
    if (intent === "decline") {
      await platform.delete(`/v2/pendingactivationuser/${id}`);
      return { status: "declined" } as const;
    }
    const tokens = await platform.call("activate", { params: { id } });
    await storeSession(args.request, args.context, realmRequest.basePath, tokens);
    return redirectDocument(routeHref(realmRequest.basePath, { name: "home" }), 303);
  } catch (error) {
    return { status: "error", label: authErrorLabel(error) } satisfies FormOutcome;
  }
}
