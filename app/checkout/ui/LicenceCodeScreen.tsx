import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import { FormMessage } from "../../identity/ui/fields.tsx";
import type { LicenceCodeView } from "../licence-code.server.ts";

/** A licence link that unlocked nothing: why, and the way home. */
export function LicenceCodeScreen() {
  const t = useT();
  const view = useLoaderData() as unknown as LicenceCodeView;
  return (
    <section className="checkout order-result" aria-labelledby="licence-code-title">
      <h1 id="licence-code-title">{t("licenceCodeTitle")}</h1>
      <FormMessage label={view.label} requestId={view.requestId} />
      <div className="checkout-actions">
        <Link className="button button-primary" to={view.homeHref}>
          {t("backToHome")}
        </Link>
      </div>
    </section>
  );
}
