import { useLoaderData } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { LocalTime } from "../ui/LocalTime.tsx";
import { AdminNav, Pager } from "./AdminNav.tsx";
import type { adminOutboxLoader } from "./outbox.server.ts";
import { useRootData } from "../realm/use-root-data.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** `/admin/outbox`: every email the realm wrote, with its text, for its admins. */
export function AdminOutboxScreen() {
  const t = useT();
  const { mail } = useLoaderData<typeof adminOutboxLoader>();
  const locale = useRootData()?.locale ?? "en";
  return (
    <section className="admin-page" aria-labelledby="admin-outbox-title">
      <h1 id="admin-outbox-title">{t("adminOutboxTitle")}</h1>
      <AdminNav />
      {mail.hits.length === 0 ? <p>{t("outboxEmpty")}</p> : null}
      <ol className="admin-outbox">
        {mail.hits.map((item) => (
          <li key={item.id}>
            <article aria-labelledby={`mail-${item.id}`}>
              <h2 id={`mail-${item.id}`}>{item.subject}</h2>
              <dl>
                <dt>{t("mailRecipient")}</dt>
                <dd>{item.recipient}</dd>
                <dt>{t("mailWritten")}</dt>
                <dd>
                  <LocalTime iso={item.createdAt} locale={locale} options={WHEN} />
                </dd>
                <dt>{t("mailSent")}</dt>
                <dd>
                  {item.sentAt ? (
                    <LocalTime iso={item.sentAt} locale={locale} options={WHEN} />
                  ) : (
                    t("mailWaiting")
                  )}
                </dd>
              </dl>
              <pre className="admin-mail-body">{item.body}</pre>
            </article>
          </li>
        ))}
      </ol>
      <Pager page={mail.page} totalPages={mail.totalPages} />
    </section>
  );
}
