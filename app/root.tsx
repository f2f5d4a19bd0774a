import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { SiteFeedback } from "./feedback/SiteFeedback.tsx";
import { ErrorStatus, errorTitleKey } from "./ui/ErrorStatus.tsx";
import { i18nFor, uiLanguage } from "./i18n/i18n.ts";
import { useLanguageLoaded } from "./i18n/use-language-loaded.ts";
import { GUEST_BODY_CLASS } from "./notices/notices.ts";
import { impersonationOf } from "./impersonation/impersonation.server.ts";
import { withNotices } from "./notices/root-data.server.ts";
import { useCspNonce } from "./realm/csp-nonce.ts";
import { keepRedirectResult } from "./realm/redirect-result.ts";
import { realmRequest } from "./realm/request.server.ts";
import { opensRoute } from "./realm/guards.ts";
import { realmFeatures, routeHref, routeNamed, type RouteSettings } from "./realm/routes.ts";
import { installErrorTracing, reportClientError } from "./errors/install-error-tracing.ts";
import { viewerTheme } from "./realm/viewer-theme.ts";
import { themeStyle } from "./realm/theme.ts";
import { SkipLink } from "./ui/SkipLink.tsx";
// One render-blocking sheet: app/styles/site.css bundles the base, UI, blocks, notices and frame.
import styles from "./styles/site.css?url";
import { useRootData } from "./realm/use-root-data.ts";
import { AnalyticsTracker } from "./analytics/AnalyticsTracker.tsx";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader(args: LoaderFunctionArgs) {
  const found = await realmRequest(args);
  if (!found) {
    return withNotices(args, null, {
      locale: uiLanguage(args.request.headers.get("Accept-Language")?.split(",")[0]),
      shell: null,
      basePath: null,
      viewer: null,
      impersonation: null,
      errorTracing: null,
    });
  }
  const { settings, ...shell } = found.shell;
  return withNotices(args, found, {
    locale: shell.locale,
    // The browser gets what the frame needs to know of the settings, not the settings.
    shell: {
      ...shell,
      theme: viewerTheme(shell.theme, settings, found.viewer),
      features: realmFeatures(settings as RouteSettings),
      /** Viewers have profiles to switch between (spec section 3: status NONE means none). */
      profilesConfigured: (settings.profileConfiguration?.status ?? "NONE") !== "NONE",
      /** Whether an identified viewer's e-mail goes with their analytics events. */
      analyticsEmailIdentity: settings.analyticsEmailIdentity ?? "NONE",
    },
    basePath: found.basePath,
    viewer: {
      role: found.viewer.role,
      child: found.viewer.child,
      homeOpen: opensRoute(routeNamed("home"), found.viewer.role, settings as RouteSettings),
      /** Who analytics events are from: signed-in accounts only (guests stay anonymous). */
      analyticsId:
        (found.viewer.role === "CUSTOMER" || found.viewer.role === "ADMIN") && found.viewer.userId
          ? found.viewer.userId
          : undefined,
    },
    /** Set while an admin acts as the account: the overlay names it. */
    impersonation: await impersonationOf(args, found),
    /** How this page view reports its errors (release, sample rate). */
    errorTracing: args.context.errorTracing ?? null,
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const error = useRouteError();
  const locale = data?.locale ?? "en";
  const i18n = i18nFor(locale, data?.shell?.translations);
  useLanguageLoaded(locale);
  const nonce = useCspNonce();
  const tracing = data?.errorTracing;
  const basePath = data?.basePath;
  useEffect(() => {
    if (!tracing || basePath == null) return;
    installErrorTracing({
      ...tracing,
      reportUrl: routeHref(basePath, { name: "clientErrors" }),
    });
  }, [tracing, basePath]);
  return (
    <html lang={locale} data-theme={data?.shell?.theme.mode ?? "dark"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {error != null ? <title>{i18n.t(errorTitleKey(error))}</title> : null}
        <Links />
      </head>
      <body
        className={data?.viewer?.role === "GUEST" ? GUEST_BODY_CLASS : undefined}
        style={data?.shell ? themeStyle(data.shell.theme) : undefined}
      >
        <I18nextProvider i18n={i18n}>
          <SkipLink />
          {children}
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // A marker for end-to-end tests and styles that only apply once the page is interactive.
    document.documentElement.dataset.hydrated = "true";
    keepRedirectResult(window.location, window.history, window.localStorage);
  }, []);
  return (
    <SiteFeedback>
      <AnalyticsTracker />
      <Outlet />
    </SiteFeedback>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    // An HTTP status (not found, forbidden) is an answer, not a fault of the page.
    if (!isRouteErrorResponse(error)) reportClientError(error, "boundary");
  }, [error]);
  return <ErrorStatus error={error} />;
}
