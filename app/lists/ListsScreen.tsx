import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { VIA_SCRIPT } from "../account/form-protocol.ts";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { Card, cardTitle } from "../ui/Card.tsx";
import { useHydrated } from "../ui/client-state.tsx";
import type { listsLoader } from "./lists.server.ts";
import type { ListAnswer, ListsPage, ShownItem, ShownList } from "./view.ts";

const TITLES: Record<ListsPage, string> = {
  myList: "myListTitle",
  favourites: "favouritesTitle",
  watchlists: "watchlistsTitle",
};
const EMPTY: Record<ListsPage, string> = {
  myList: "myListEmpty",
  favourites: "favouritesEmpty",
  watchlists: "watchlistsEmpty",
};

type Ready = Extract<ReturnType<typeof useListsView>, { state: "ready" }>;
const useListsView = () => useLoaderData<typeof listsLoader>();

/** The title label of a lists page (its meta uses it too). */
export const listsTitle = (page: ListsPage) => TITLES[page];

/** `/my-list`, `/favourites`, `/watchlists`: the viewer's lists, or why there are none. */
export function ListsScreen() {
  const t = useT();
  const view = useListsView();
  return (
    <div className="layout lists-page">
      <h1 className="page-title">{t(TITLES[view.page])}</h1>
      {view.state === "signedOut" ? (
        <div className="lists-message">
          <p>{t("listsSignIn")}</p>
          <Link className="button" to={view.signIn}>
            {t("signIn")}
          </Link>
        </div>
      ) : view.state === "failed" ? (
        <div className="lists-message" role="alert">
          <p>{t("listsFailed")}</p>
          <a className="button" href={view.retry}>
            {t("retry")}
          </a>
        </div>
      ) : view.page === "watchlists" ? (
        <Watchlists view={view} />
      ) : (
        <SingleList view={view} list={view.lists[0]} />
      )}
    </div>
  );
}

function SingleList({ view, list }: { view: Ready; list: ShownList | undefined }) {
  const t = useT();
  if (!list || list.items.length === 0) {
    return (
      <div className="lists-message">
        <p>{t(EMPTY[view.page])}</p>
        <Link className="button" to={view.home}>
          {t("listsBrowse")}
        </Link>
      </div>
    );
  }
  return (
    <>
      <p>{t("myListIntro")}</p>
      <ListItems list={list} here={view.here} />
    </>
  );
}

/** The hidden fields every lists form carries; script submissions ask for a JSON answer. */
function FormFields({ fields }: { fields: Record<string, string> }) {
  const hydrated = useHydrated();
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name={VIA_SCRIPT} value="1" /> : null}
    </>
  );
}

/** The answer of a plain form post (rendered with the page) when it is about this form. */
function usePostedAnswer(intent: string, listId: string): ListAnswer | undefined {
  const posted = useActionData<ListAnswer>();
  return posted && posted.intent === intent && posted.listId === listId ? posted : undefined;
}

function ErrorMessage({ answer, id }: { answer: ListAnswer | undefined; id?: string }) {
  const t = useT();
  if (!answer || answer.ok || !answer.error) return null;
  return (
    <p className="lists-error" role="alert" id={id}>
      {t(answer.error)}
    </p>
  );
}

function ListItems({ list, here }: { list: ShownList; here: string }) {
  const t = useT();
  const heading = useRef<HTMLParagraphElement>(null);
  const count = useRef(list.items.length);
  // An item removed takes the focus with it: it goes to the list's status line instead.
  useEffect(() => {
    if (list.items.length < count.current) heading.current?.focus();
    count.current = list.items.length;
  }, [list.items.length]);
  return (
    <>
      <p className="lists-count" ref={heading} tabIndex={-1} role="status">
        {t("listItemCount", { count: list.items.length })}
      </p>
      <ol className="grid-list lists-items">
        {list.items.map((item, index) => (
          <Item
            key={`${item.card.type}:${item.card.id}`}
            item={item}
            listId={list.id}
            here={here}
            first={index === 0}
            last={index === list.items.length - 1}
          />
        ))}
      </ol>
    </>
  );
}

function Item({
  item,
  listId,
  here,
  first,
  last,
}: {
  item: ShownItem;
  listId: string;
  here: string;
  first: boolean;
  last: boolean;
}) {
  const t = useT();
  const root = useRootData();
  const fetcher = useFetcher<ListAnswer>();
  const busy = fetcher.state !== "idle";
  const title = cardTitle(item.card);
  const ref = { type: item.card.type, id: String(item.card.id) };
  const button = (intent: string, label: string, text: ReactNode, extra = {}, inert = false) => (
    <fetcher.Form
      method="post"
      action={here}
      onSubmit={(event) => {
        if (busy || inert) event.preventDefault();
      }}
    >
      <FormFields fields={{ intent, listId, ...ref, ...extra }} />
      <button
        type="submit"
        className={`button lists-action lists-${intent}`}
        aria-label={label}
        aria-disabled={busy || inert || undefined}
      >
        {text}
      </button>
    </fetcher.Form>
  );
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const pendingRemoval = busy && fetcher.formData?.get("intent") === "remove";
  return (
    <li
      className={`grid-item lists-item${pendingRemoval ? " lists-pending" : ""}`}
      aria-busy={busy || undefined}
    >
      <Card
        card={item.card}
        href={item.href}
        locale={root?.locale ?? "en"}
        titleScale={root?.shell?.theme.cardTitleFontScale ?? 1}
      />
      <div className="lists-actions">
        {button("move", t("listMoveUp", { title }), "↑", { direction: "up" }, first)}
        {button("move", t("listMoveDown", { title }), "↓", { direction: "down" }, last)}
        {button("remove", t("listRemoveItem", { title }), busy ? t("listSaving") : "✕")}
      </div>
      <ErrorMessage answer={answer} />
    </li>
  );
}

function NameForm({
  intent,
  listId,
  here,
  label,
  submit,
  initial,
}: {
  intent: "create" | "rename";
  listId: string;
  here: string;
  label: string;
  submit: string;
  initial?: string;
}) {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<ListAnswer>();
  const posted = usePostedAnswer(intent, listId);
  const answer = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;
  const busy = fetcher.state !== "idle";
  const input = useRef<HTMLInputElement>(null);
  // A name created or changed by script leaves the field ready for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && intent === "create" && input.current) {
      input.current.value = "";
    }
  }, [fetcher.state, fetcher.data, intent]);
  const error = answer && !answer.ok ? answer : undefined;
  return (
    <fetcher.Form method="post" action={here} className={`lists-name-form lists-${intent}-form`}>
      <FormFields fields={{ intent, listId }} />
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        name="name"
        required
        maxLength={60}
        defaultValue={error?.value ?? initial}
        key={error?.value ?? initial}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? t("listSaving") : submit}
      </button>
      <ErrorMessage answer={error} id={`${id}-error`} />
    </fetcher.Form>
  );
}

function Watchlists({ view }: { view: Ready }) {
  const t = useT();
  return (
    <>
      <NameForm
        intent="create"
        listId=""
        here={view.here}
        label={t("watchlistName")}
        submit={t("watchlistCreate")}
      />
      {view.lists.length === 0 ? (
        <div className="lists-message">
          <p>{t("watchlistsEmpty")}</p>
        </div>
      ) : (
        view.lists.map((list) => <Watchlist key={list.id} list={list} view={view} />)
      )}
    </>
  );
}

function Watchlist({ list, view }: { list: ShownList; view: Ready }) {
  const t = useT();
  const name = list.name ?? "";
  const headingId = useId();
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === "delete";
  const posted = usePostedAnswer("delete", list.id);
  const confirming = view.confirmDelete === list.id;
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) confirmation.current?.focus();
  }, [confirming]);
  return (
    <section className="lists-watchlist" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <div className="lists-watchlist-tools">
        <NameForm
          intent="rename"
          listId={list.id}
          here={view.here}
          label={t("watchlistRenameLabel", { name })}
          submit={t("watchlistRename")}
          initial={name}
        />
        <Link
          className="button lists-delete"
          to={`${view.here}?delete=${encodeURIComponent(list.id)}`}
          preventScrollReset
        >
          {t("watchlistDelete", { name })}
        </Link>
      </div>
      {confirming ? (
        <div
          className="lists-confirm"
          role="group"
          aria-labelledby={`${headingId}-confirm`}
          tabIndex={-1}
          ref={confirmation}
        >
          <p id={`${headingId}-confirm`}>{t("watchlistDeleteConfirm", { name })}</p>
          {/* A navigation, not a fetcher: the action's redirect leaves the confirmation. */}
          <Form method="post" action={view.here} preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="listId" value={list.id} />
            <button type="submit" className="button" aria-disabled={deleting || undefined}>
              {deleting ? t("listSaving") : t("watchlistDeleteYes")}
            </button>
          </Form>
          <Link className="button" to={view.here} preventScrollReset>
            {t("watchlistDeleteNo")}
          </Link>
          <ErrorMessage answer={posted} />
        </div>
      ) : null}
      {list.items.length === 0 ? (
        <p>{t("watchlistEmpty")}</p>
      ) : (
        <ListItems list={list} here={view.here} />
      )}
    </section>
  );
}
