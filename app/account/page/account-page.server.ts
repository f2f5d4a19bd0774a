import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ERROR_LABELS } from "../../../contract/errors.ts";
import { listsPriceMigration } from "../../../contract/price-migrations.ts";
import type { UserDetailsUpdate } from "../../../contract/generated/user-details-update.ts";
import { PAYMENT_HISTORY_PER_PAGE } from "../../../contract/page-sizes.ts";
import { PlatformError, type PlatformClient } from "../../api-client/client.ts";
import { flashToast } from "../../feedback/flash.server.ts";
import type { LabelKey } from "../../feedback/toast.ts";
import { readForm } from "../../realm/form-body.server.ts";
import { requireRealmRequest, type RealmRequest } from "../../realm/request.server.ts";
import { routeHref } from "../../realm/routes.ts";
import { hasAccount, viewerPlatform } from "../../realm/viewer-platform.server.ts";
import { preferencesOf } from "../account-state.server.ts";
import type { RealmSettings } from "../../../schemas/generated/realm-settings.ts";
import {
  ADDRESS_INTENTS,
  addressesPart,
  runAddressIntent,
  typedAddress,
} from "./addresses.server.ts";
import { CARD_INTENTS, cardPagesAsked, cardsPart, runCardIntent } from "./cards.server.ts";
import { changeHrefs, planChangePart, runPlanChange } from "./plan-change.server.ts";
import { clearSession } from "../../identity/session-actions.server.ts";
import { sessionIsOver } from "../../session/refresh.server.ts";
import { describeDevice } from "./device.ts";
import { sectionOf, sectionsOf, type AccountSection } from "./sections.ts";
import { safeLinkUrl } from "../../ui/links.ts";
import type {
  AccountAnswer,
  AccountIntent,
  AddressIntent,
  CardIntent,
  AccountView,
  CancelStep,
  SectionView,
} from "./view.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Whether the realm sells by partition (spec: the account's `partitions` section). */
function isPartitioned(settings: RealmSettings): boolean {
  return settings.partitionSettings?.status === "PARTITIONED";
}

/** The detail fields of the account details form, as the platform's PUT body names them. */
export const DETAIL_FIELDS = [
  "fullName",
  "preferredName",
  "contactEmail",
  "phoneNumber",
  "birthDate",
  "taxNumber",
] as const;

/** Password changes the platform refuses, by code, with the label the form shows. */
const PASSWORD_ERRORS: Record<string, { error: LabelKey; field: string }> = {
  EMPTY_INPUTS: { error: "passwordFieldsRequired", field: "currentPassword" },
  INVALID_PASSWORD: { error: "yourPasswordRules", field: "newPassword" },
  WRONG_PASSWORD: { error: "currentPasswordWrong", field: "currentPassword" },
  SAME_PASSWORD: { error: "newPasswordSameAsCurrent", field: "newPassword" },
  TOO_MANY_ATTEMPTS: { error: "tooManyPasswordAttempts", field: "currentPassword" },
};

/** Account deletions the platform refuses, by code, with the label the form shows. */
const DELETE_ERRORS: Record<string, { error: LabelKey; field: string }> = {
  EMPTY_INPUTS: { error: "deleteAccountPasswordRequired", field: "deletePassword" },
  WRONG_PASSWORD: { error: "deleteAccountPasswordWrong", field: "deletePassword" },
  TOO_MANY_ATTEMPTS: { error: "tooManyPasswordAttempts", field: "deletePassword" },
};

const INTENTS = [
  "password",
  "cancel",
  "reactivate",
  "changePlan",
  "partition",
  "acceptPriceMigration",
  "signOutOthers",
  "endSession",
  "signOutEverywhere",
  "unlinkProvider",
  "deleteAccount",
  ...ADDRESS_INTENTS,
  ...CARD_INTENTS,
] as const satisfies readonly AccountIntent[];

const SECTION_OF_INTENT: Record<AccountIntent, AccountSection> = {
  details: "accountdetails",
  cancel: "subscriptions",
  reactivate: "subscriptions",
  changePlan: "subscriptions",
  partition: "partitions",
  acceptPriceMigration: "subscriptions",
  password: "accountsecurity",
  signOutOthers: "accountsecurity",
  endSession: "accountsecurity",
  signOutEverywhere: "accountsecurity",
  unlinkProvider: "accountsecurity",
  deleteAccount: "accountsecurity",
  addAddress: "accountdetails",
  removeAddress: "accountdetails",
  defaultAddress: "accountdetails",
  billing: "accountdetails",
  defaultCard: "paymentdetails",
  removeCard: "paymentdetails",
};

const accountHref = (
  basePath: string,
  section: AccountSection,
  query: Record<string, string> = {},
) => routeHref(basePath, { name: "account", query: { section, ...query } });

/**
 * The viewer's own account, for an adult: a child profile is sent home (spec: child profiles
 * never reach the account page). The route table lets only customers and admins in.
 */
export async function adultAccount(args: LoaderFunctionArgs): Promise<RealmRequest> {
  const found = await requireRealmRequest(args);
  if (!hasAccount(found.viewer) || found.viewer.child) {
    throw redirect(routeHref(found.basePath, { name: "root" }), { headers: PRIVATE });
  }
  return found;
}

/**
 * The step before a cancellation: the realm's published offer to stay (none when it has not
 * published one, or the platform cannot say: the viewer can cancel all the same).
 */
async function cancelStep(
  client: PlatformClient,
  basePath: string,
  orderId: string,
  name: string,
): Promise<CancelStep> {
  let promo: CancelStep["promo"] = null;
  try {
    const offer = await client.call("cancellationPromo");
    const url = "linkUrl" in offer.link ? safeLinkUrl(offer.link.linkUrl) : null;
    promo = {
      title: offer.title,
      description: offer.description ?? null,
      imageUrl: offer.imageUrl ?? null,
      cta: offer.cta,
      // A path is the realm's own: it is under the realm's base path.
      href: url?.startsWith("/") ? `${basePath}${url}` : url,
      openInNewTab: offer.openInNewTab ?? false,
    };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status !== 404) console.warn(`cancellation promo: ${error.message}`);
  }
  return { orderId, name, promo, back: accountHref(basePath, "subscriptions") };
}

/**
 * How each running subscription pays, with its update page; none when the platform cannot say
 * (the cards and history below still show).
 */
async function paymentMethodsPart(client: PlatformClient, basePath: string) {
  try {
    const { items } = await client.call("paymentDetails");
    return items.map((item) => ({
      ...item,
      update: routeHref(basePath, { name: "paymentUpdate", query: { subscription: item.orderId } }),
    }));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.warn(`account payment methods: ${error.message}`);
    return [];
  }
}

async function sectionContent(
  section: AccountSection,
  client: PlatformClient,
  found: RealmRequest,
  url: URL,
): Promise<SectionView> {
  const { basePath } = found;
  switch (section) {
    case "subscriptions": {
      const { items } = await client.call("subscriptions");
      const now = new Date();
      const cancellable = items.filter(
        (item) =>
          item.kind === "SUBSCRIPTION" &&
          item.status === "ACTIVE" &&
          item.orderId &&
          !item.cancelledAt,
      );
      const asked = cancellable.find((item) => item.orderId === url.searchParams.get("cancel"));
      return {
        section,
        items,
        plans: routeHref(basePath, { name: "purchase" }),
        cancelHrefs: Object.fromEntries(
          cancellable.map((item) => [
            item.orderId!,
            accountHref(basePath, section, { cancel: item.orderId! }),
          ]),
        ),
        confirmCancel: asked
          ? await cancelStep(client, basePath, asked.orderId!, asked.name)
          : null,
        changeHrefs: changeHrefs(basePath, items),
        planChange: await planChangePart(client, basePath, items, url.searchParams),
        listedMigrations: items
          .filter((item) => item.orderId && listsPriceMigration(item.upcomingPriceMigration, now))
          .map((item) => item.orderId!),
      };
    }
    case "accountdetails": {
      const [details, addresses] = await Promise.all([
        client.call("userDetails"),
        addressesPart(client, found.shell.settings as RealmSettings),
      ]);
      return { section, details, ...addresses };
    }
    case "paymentdetails": {
      const asked = Number(url.searchParams.get("page") ?? "1");
      const page = Number.isInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1;
      const cardPages = cardPagesAsked(url.searchParams);
      const [history, { cards, morePages, cardsFailed }, paymentMethods] = await Promise.all([
        client.call("paymentHistory", { query: { rpp: PAYMENT_HISTORY_PER_PAGE, p: page } }),
        cardsPart(client, cardPages),
        paymentMethodsPart(client, basePath),
      ]);
      const kept = (query: Record<string, string>) => ({
        ...(page > 1 ? { page: String(page) } : {}),
        ...(cardPages > 1 ? { cards: String(cardPages) } : {}),
        ...query,
      });
      const at = (p: number) => {
        const { page: _page, ...rest } = kept({});
        return accountHref(basePath, section, p > 1 ? { ...rest, page: String(p) } : rest);
      };
      const invoices = Object.fromEntries(
        history.items
          .filter((order) => order.status === "COMPLETED")
          .map((order) => [
            order.orderId,
            routeHref(basePath, { name: "payment", params: { id: order.orderId } }),
          ]),
      );
      return {
        section,
        paymentMethods,
        cards,
        moreCards: morePages
          ? accountHref(basePath, section, kept({ cards: String(cardPages + 1) }))
          : null,
        cardsFailed,
        history,
        invoices,
        previous: page > 1 ? at(Math.min(page - 1, Math.max(history.pages, 1))) : null,
        next: page < history.pages ? at(page + 1) : null,
      };
    }
    case "preferences":
      return {
        section,
        ...(await preferencesOf(client, found.shell.settings as RealmSettings)),
        action: routeHref(basePath, { name: "preferencesChange" }),
      };
    case "partitions": {
      const { partitionData, partitions } = await client.call("accountPartition");
      return { section, current: partitionData?.partitionId ?? null, partitions };
    }
    case "accountsecurity": {
      const [sessions, providers] = await Promise.all([
        client.call("accountSessions"),
        client.call("linkedProviders"),
      ]);
      return {
        section,
        sessions: sessions.items.map((session) => ({
          id: session.id,
          device: describeDevice(session.userAgent),
          lastActiveAt: session.lastActiveAt,
          current: session.current,
        })),
        providers: providers.items,
        hasPassword: providers.hasPassword,
        dataExport: routeHref(basePath, { name: "accountDataExport" }),
      };
    }
  }
}

/**
 * `/account?section=`: the account page (spec section 2), one section at a time, each tab a
 * link so every section has its own URL and works without scripts. A section the platform
 * cannot answer for is shown as failed with a way to try again; the tabs stay.
 */
export async function accountLoader(args: LoaderFunctionArgs) {
  const found = await adultAccount(args);
  const url = new URL(args.request.url);
  const partitioned = isPartitioned(found.shell.settings as RealmSettings);
  const section = sectionOf(url.searchParams, partitioned);
  const tabs = sectionsOf(partitioned).map((s) => ({
    section: s,
    href: accountHref(found.basePath, s),
  }));
  let content: SectionView;
  let status = 200;
  try {
    content = await sectionContent(section, viewerPlatform(args, found), found, url);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // The session ended elsewhere (signed out from another device): the cookie has lost its
    // tokens, and the viewer signs in again.
    if (sessionIsOver(error)) {
      throw redirect(routeHref(found.basePath, { name: "login" }), { headers: PRIVATE });
    }
    console.error(`account ${section}: ${error.message}`);
    content = { section, failed: true, retry: `${url.pathname}${url.search}` };
    status = 503;
  }
  return data({ section, tabs, content } satisfies AccountView, { status, headers: PRIVATE });
}

function detailsBody(form: FormData): UserDetailsUpdate {
  const value = (name: string) => {
    const text = String(form.get(name) ?? "").trim();
    return text ? text : null;
  };
  return {
    name: { fullName: value("fullName"), preferredName: value("preferredName") },
    contactEmail: value("contactEmail"),
    phoneNumber: value("phoneNumber"),
    birthDate: value("birthDate"),
    taxNumber: value("taxNumber"),
  };
}

/** The field a refused details change names first (`details.fields`), when it names one. */
function firstField(error: PlatformError): string | undefined {
  const fields = error.details?.fields;
  const first = Array.isArray(fields) ? (fields[0] as { field?: unknown } | undefined) : undefined;
  return typeof first?.field === "string" ? first.field : undefined;
}

/**
 * The account page's forms, posted to the page itself: `details` (PUT /user/profile) and
 * `password` (PUT /user/password). A refusal answers the page with the problem and what was
 * typed (passwords excepted); a success goes back to the section with a toast.
 */
export async function accountAction(args: ActionFunctionArgs) {
  const found = await adultAccount(args);
  const form = await readForm(args.request);
  const asked = String(form.get("intent") ?? "");
  const intent: AccountIntent = (INTENTS as readonly string[]).includes(asked)
    ? (asked as AccountIntent)
    : "details";
  const addressIntent = (ADDRESS_INTENTS as readonly string[]).includes(intent)
    ? (intent as AddressIntent)
    : null;
  const cardIntent = (CARD_INTENTS as readonly string[]).includes(intent)
    ? (intent as CardIntent)
    : null;
  const client = viewerPlatform(args, found);
  const values: Record<string, string> =
    intent === "details"
      ? Object.fromEntries(DETAIL_FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, 300)]))
      : addressIntent
        ? typedAddress(form, addressIntent)
        : intent === "acceptPriceMigration"
          ? { orderId: String(form.get("orderId") ?? "").slice(0, 100) }
          : {};
  const refuse = (answer: Omit<AccountAnswer, "ok" | "intent" | "values">, status = 400) =>
    data({ ok: false, intent, values, ...answer } satisfies AccountAnswer, {
      status,
      headers: PRIVATE,
    });
  let toast: LabelKey;
  try {
    if (intent === "details") {
      await client.put("/v2/user/profile", detailsBody(form), { auth: true });
      toast = "userDetailsSaved";
    } else if (addressIntent) {
      toast = await runAddressIntent(addressIntent, form, client);
    } else if (cardIntent) {
      toast = await runCardIntent(cardIntent, form, client);
    } else if (intent === "signOutOthers") {
      await client.call("endOtherSessions");
      toast = "signedOutElsewhere";
    } else if (intent === "endSession") {
      const sessionId = String(form.get("sessionId") ?? "");
      try {
        await client.call("endAccountSession", { params: { sessionId } });
      } catch (error) {
        // A session that already ended is what was asked for.
        if (!(error instanceof PlatformError) || error.code !== "SESSION_NOT_FOUND") throw error;
      }
      toast = "deviceSignedOut";
    } else if (intent === "signOutEverywhere") {
      await client.call("endAllSessions");
      await clearSession(args.request, args.context, found.basePath, "signedOutEverywhere");
      return redirect(routeHref(found.basePath, { name: "login" }), { headers: PRIVATE });
    } else if (intent === "unlinkProvider") {
      await client.call("unlinkProvider", { params: { id: String(form.get("providerId") ?? "") } });
      toast = "providerUnlinked";
    } else if (intent === "deleteAccount") {
      await client.call("deleteAccount", {
        body: { password: String(form.get("deletePassword") ?? "") },
      });
      await clearSession(args.request, args.context, found.basePath, "accountDeleted");
      return redirect(found.basePath || "/", {
        headers: {
          ...PRIVATE,
          "Set-Cookie": await flashToast(args.request, args.context, {
            level: "success",
            label: "accountDeleted",
            duration: "LONG",
          }),
        },
      });
    } else if (intent === "partition") {
      const partitionId = String(form.get("partitionId") ?? "").slice(0, 64);
      if (!partitionId) return refuse({ error: "partitionRequired", field: "partitionId" });
      await client.call("changePartition", { body: { partitionId } });
      // The session's token carries the partition: a fresh one makes the realm's settings
      // and licences that partition's from the next page on.
      await args.context.refreshViewer?.();
      toast = "partitionChanged";
    } else if (intent === "changePlan") {
      const run = await runPlanChange(form, client, found.basePath);
      if ("redirect" in run) return run.redirect;
      if ("refused" in run) {
        return refuse(
          { error: run.refused, ...(run.fields ? { field: Object.keys(run.fields)[0] } : {}) },
          409,
        );
      }
      toast = run.done;
    } else if (intent === "acceptPriceMigration") {
      await client.call("acceptPriceMigration", { params: { orderId: values.orderId! } });
      toast = "priceMigrationAccepted";
    } else if (intent === "cancel" || intent === "reactivate") {
      const params = { orderId: String(form.get("orderId") ?? "") };
      if (intent === "cancel") await client.call("cancelSubscription", { params });
      else await client.call("reactivateSubscription", { params });
      toast = intent === "cancel" ? "subscriptionCancelled" : "subscriptionReactivated";
    } else {
      await client.call("changePassword", {
        body: {
          currentPassword: String(form.get("currentPassword") ?? ""),
          newPassword: String(form.get("newPassword") ?? ""),
        },
      });
      toast = "passwordChangedHere";
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (intent === "password" && PASSWORD_ERRORS[error.code]) {
      return refuse(PASSWORD_ERRORS[error.code]!, error.status >= 500 ? 503 : error.status);
    }
    if (intent === "deleteAccount" && DELETE_ERRORS[error.code]) {
      return refuse(DELETE_ERRORS[error.code]!, error.status);
    }
    if (intent === "unlinkProvider" && error.code === "LAST_SIGN_IN_METHOD") {
      return refuse({ error: "lastSignInMethod" }, error.status);
    }
    if (error.status >= 500) return refuse({ error: "errorOccurredPleaseTryAgain" }, 503);
    if (intent === "acceptPriceMigration") {
      return refuse(
        {
          error:
            error.code === "PRICE_MIGRATION_CLOSED" ||
            error.code === "NO_PRICE_MIGRATION" ||
            error.code === "SUBSCRIPTION_ENDED"
              ? ERROR_LABELS[error.code]
              : "errorOccurredPleaseTryAgain",
        },
        error.status,
      );
    }
    if (intent === "cancel" || intent === "reactivate") {
      return refuse(
        {
          error:
            error.code === "SUBSCRIPTION_ENDED"
              ? "subscriptionHasEnded"
              : "errorOccurredPleaseTryAgain",
        },
        error.status,
      );
    }
    const message = error.messages[0];
    return refuse(
      {
        ...(message ? { message } : { error: "errorOccurredPleaseTryAgain" }),
        ...(intent === "details" && firstField(error) ? { field: firstField(error) } : {}),
        // Billing details name the address's fields `address.{field}`, as the form does not.
        ...(addressIntent && firstField(error)
          ? { field: firstField(error)!.replace(/^address\./, "") }
          : {}),
      },
      error.status,
    );
  }
  return redirect(accountHref(found.basePath, SECTION_OF_INTENT[intent]), {
    headers: {
      ...PRIVATE,
      "Set-Cookie": await flashToast(args.request, args.context, {
        level: "success",
        label: toast,
      }),
    },
  });
}

/**
 * `/account/data-export`: the signed-in account's own data (GET /user/data-export) as a JSON
 * file to keep. Private to the account, never stored by any cache.
 */
export async function accountDataLoader(args: LoaderFunctionArgs) {
  const found = await adultAccount(args);
  const exported = await viewerPlatform(args, found).call("accountDataExport");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.realm.realm}-account-data-${day}.json"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
