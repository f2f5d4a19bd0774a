import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { FormMessage } from "../identity/ui/fields.tsx";
import { AdminNav, AdminSearch, Pager } from "./AdminNav.tsx";
import type { adminUsersAction, adminUsersLoader } from "./users.server.ts";

/** Accounts that can hold a session, and so be impersonated (never another admin). */
const canImpersonate = (user: { role: string; status: string }) =>
  user.role !== "ADMIN" && (user.status === "ACTIVE" || user.status === "PENDING_CONFIRMATION");

/** `/admin/users`: find an account of the realm and act as it. */
export function AdminUsersScreen() {
  const t = useT();
  const { q, users } = useLoaderData<typeof adminUsersLoader>();
  const outcome = useActionData<typeof adminUsersAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="admin-page" aria-labelledby="admin-users-title">
      <h1 id="admin-users-title">{t("adminUsersTitle")}</h1>
      <AdminNav />
      <AdminSearch label="findUsers" q={q} />
      <FormMessage label={outcome && "error" in outcome ? outcome.error : null} />
      {users.hits.length === 0 ? (
        <p>{t("noUsersFound")}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{t("adminUsersTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("email")}</th>
              <th scope="col">{t("fullName")}</th>
              <th scope="col">{t("userRole")}</th>
              <th scope="col">{t("userStatus")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.hits.map((user) => (
              <tr key={user.id}>
                <th scope="row">{user.email}</th>
                <td>{user.fullName}</td>
                <td>{user.role}</td>
                <td>{user.status}</td>
                <td>
                  {canImpersonate(user) ? (
                    <Form method="post">
                      <input type="hidden" name="userId" value={user.id} />
                      <button
                        type="submit"
                        className="button"
                        disabled={busy}
                        aria-label={t("impersonateUser", { email: user.email })}
                      >
                        {t("impersonate")}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={users.page} totalPages={users.totalPages} query={q ? { q } : {}} />
    </section>
  );
}
