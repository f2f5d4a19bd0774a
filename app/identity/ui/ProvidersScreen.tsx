import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import type { ProvidersView, SignInWay } from "../providers.server.ts";

const WAY_LABELS = {
  password: { title: "providerPassword", text: "providerPasswordText" },
  magicLink: { title: "providerMagicLink", text: "providerMagicLinkText" },
  tv: { title: "providerTv", text: "providerTvText" },
} as const satisfies Record<SignInWay["kind"], { title: string; text: string }>;

/** `/providers`: how viewers of this realm can sign in, each way with where it starts. */
export function ProvidersScreen() {
  const t = useT();
  const view = useLoaderData<ProvidersView>();
  return (
    <div className="auth-page providers-page">
      <h1>{t("providersTitle")}</h1>
      {view.security ? (
        <p>
          {t("providersSignedIn")} <Link to={view.security}>{t("accountSectionSecurity")}</Link>
        </p>
      ) : null}
      <ul className="providers-list">
        {view.ways.map((way) => (
          <li key={way.kind}>
            <h2>{t(WAY_LABELS[way.kind].title)}</h2>
            <p>{t(WAY_LABELS[way.kind].text)}</p>
            {way.kind === "password" ? (
              <p className="providers-actions">
                <Link className="button" to={way.signIn}>
                  {t("signIn")}
                </Link>
                {way.signUp ? <Link to={way.signUp}>{t("createAccount")}</Link> : null}
              </p>
            ) : (
              <p className="providers-actions">
                <Link to={way.href}>{t(way.kind === "tv" ? "providerTvOpen" : "signIn")}</Link>
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
