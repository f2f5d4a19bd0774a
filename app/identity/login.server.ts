import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeExists, routeHref, routeNamed, type RouteSettings } from "../realm/routes.ts";
import { requestSession } from "../session/request-session.server.ts";
import { authErrorLabel } from "./auth-errors.ts";
import { credentialProblems, firstProblem } from "./credentials.ts";
import { afterSignIn, identityCall, type FormOutcome } from "./session-actions.server.ts";
import { readForm } from "../realm/form-body.server.ts";
import { externalSignInWay } from "./external-sign-in-way.ts";

const SIGNED_IN = new Set(["CUSTOMER", "ADMIN"]);

/** The sign-in page: who may come here, what it offers, and why the last session ended. */
export async function loginLoader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const realmRequest = await requireRealmRequest(args);
  const { basePath, shell, viewer } = realmRequest;
  const url = new URL(request.url);
  const from = url.searchParams.get("from") ?? undefined;
  if (SIGNED_IN.has(viewer.role)) throw redirect(afterSignIn(realmRequest, from).split("#")[0]!);

  // Why the last session ended is shown once (a flash), then forgotten.
  const { session, save } = await requestSession(request, context, basePath);
  const logoutMessage = session.get("logoutMessage") ?? null;
  const logoutRequestId = session.get("logoutRequestId") ?? null;
  if (logoutMessage) await save();

  const settings = shell.settings as RealmSettings;
  const signup = routeExists(routeNamed("signup"), settings as RouteSettings);
  return data(
    {
      from: from ?? null,
      external: externalSignInWay(basePath, settings, from),
      logout: logoutMessage ? { label: logoutMessage, requestId: logoutRequestId } : null,
      magicToken: url.searchParams.get("magic"),
      magicLinks: settings.magicLinkLoginEnabled === true,
      signupHref: signup
        ? routeHref(basePath, { name: "signup", query: from ? { from } : undefined })
        : null,
      requestPasswordHref: routeHref(basePath, { name: "loginRequestPassword" }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type LoginOutcome = FormOutcome | { status: "linkSent" };

/** Sign-in by password, by an emailed link, or asking for such a link. */
export async function loginAction(args: ActionFunctionArgs): Promise<LoginOutcome | Response> {
  const { request, context } = args;
  const realmRequest = await requireRealmRequest(args);
  const form = await readForm(request);
  const from = form.get("from");
  const to = () => afterSignIn(realmRequest, from);
  const intent = form.get("intent");

  if (intent === "magic") {
    return identityCall(
      args,
      realmRequest,
      "/v2/login/magic-link/verify",
      {
        token: String(form.get("token") ?? ""),
      },
      { to },
    );
  }
  const email = String(form.get("email") ?? "");
  if (intent === "magic-request") {
    const problems = credentialProblems(email, "placeholder");
    if (problems.email) {
      return { status: "error", label: problems.email, fields: problems, values: { email } };
    }
    try {
      await platformClient(context, {
        realm: realmRequest.realm,
        locale: realmRequest.shell.locale,
      }).post("/v2/login/magic-link", { email });
    } catch (error) {
      return { status: "error", label: authErrorLabel(error) };
    }
    return { status: "linkSent" };
  }

  return submitPasswordSignIn(args, realmRequest, form, to);
}

/**
 * Signs in with the e-mail and password of a form (the sign-in page's, the checkout's account
 * step's), checked here with the spec's rules first; `to` says where the viewer goes then.
 */
export async function submitPasswordSignIn(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  realmRequest: RealmRequest,
  form: FormData,
  to: () => string,
): Promise<FormOutcome | Response> {
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const problems = credentialProblems(email, password);
  if (Object.keys(problems).length > 0) {
    return { status: "error", label: firstProblem(problems)!, fields: problems, values: { email } };
  }
  const challengeInput = form.get("challengeInput");
  return identityCall(
    args,
    realmRequest,
    "/v2/login",
    { id: email, secret: password },
    {
      to,
      challengeInput:
        typeof challengeInput === "string" && challengeInput ? challengeInput : undefined,
    },
  );
}
