import { Form } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";

/**
 * The impersonation overlay (spec section 2): on every page while an admin acts as an
 * account, a landmark naming the account, with the way out. A plain form, so it works
 * without scripts; the answer is a full page load into the admin's own session.
 */
export function ImpersonationBanner() {
  const t = useT();
  const root = useRootData();
  const impersonation = root?.impersonation;
  if (!impersonation || root.basePath === null) return null;
  return (
    <section className="impersonation-banner" aria-labelledby="impersonation-banner-text">
      <p id="impersonation-banner-text">{t("impersonatingAs", { email: impersonation.email })}</p>
      <Form method="post" action={routeHref(root.basePath, { name: "impersonate" })} reloadDocument>
        <input type="hidden" name="intent" value="stop" />
        <button type="submit" className="button">
          {t("stopImpersonating")}
        </button>
      </Form>
    </section>
  );
}
