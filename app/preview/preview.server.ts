import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "../realm/form-body.server.ts";
import { data } from "@remix-run/node";
import type { CurrentItem } from "../../blocks/types.ts";
import type { ResolvedZones } from "../../blocks/resolve.ts";
import type { CancellationPromo } from "../../schemas/generated/cancellation-promo.ts";
import type { Menu } from "../../schemas/generated/menu.ts";
import { localizeMenu } from "../../schemas/localized-fields.ts";
import type { Localized, TextLanguage } from "../../schemas/localized-text.ts";
import type { PageIssue } from "../../schemas/page-validation.ts";
import {
  documentOf,
  isAdminTarget,
  TargetError,
  type AdminTarget,
  type DocumentRef,
} from "../../schemas/document-kinds.ts";
import { composePage, usableBlocks, type LoadedPage } from "../composer/load-page.server.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { asRouteError } from "../realm/shell.server.ts";
import { contentId } from "../realm/content-id.ts";
import { opensRoute } from "../realm/guards.ts";
import { realmFeatures, routeNamed, type RouteSettings } from "../realm/routes.ts";
import { viewerTheme } from "../realm/viewer-theme.ts";
import {
  audienceViewer,
  newAccountViewerSource,
  readAudience,
  viewerListKind,
  type PreviewAudience,
} from "./audience.ts";

/** The admin draft answer of the platform (`GET /v2/admin/drafts/{target}/{key}`). */
interface DraftAnswer {
  draft: {
    document: Record<string, unknown>;
    updatedAt: string;
    baseVersion: number | null;
  } | null;
  published: { version: number; publishedAt: string; document: Record<string, unknown> } | null;
  issues: PageIssue[];
}

export type PreviewView =
  | ({ type: "page"; pageKey: string; notFound: boolean } & LoadedPage)
  | { type: "menu"; menu: Localized<Menu> }
  | { type: "needs-item"; itemType: CurrentItem["type"] }
  /** The live preview frame before the editor's text arrives. */
  | { type: "live" }
  /** The editor's text has problems: nothing rendered (the editor keeps its last render). */
  | { type: "invalid" };

export interface PreviewData {
  /** Where the realm's links start. */
  basePath: string;
  target: AdminTarget;
  key: string;
  /** Shown: the draft, or the live version when there is no draft, or the editor's text. */
  source: "draft" | "published" | "unsaved";
  draft: { updatedAt: string; baseVersion: number | null } | null;
  published: { version: number; publishedAt: string } | null;
  issues: PageIssue[];
  /** Whom the document is shown to, as the header, menu and cards of that viewer know it. */
  audience: PreviewAudience;
  view: PreviewView;
}

export type { PreviewAudience };

const ITEM_OF_TEMPLATE: Record<string, CurrentItem["type"]> = {
  playlist: "PLAYLIST",
  series: "SERIES",
  season: "SEASON",
};

/**
 * `/realm/{realm}/preview/{target}/{key}`: the draft of a document (or its live version when it
 * has no draft) rendered exactly as it would be published, with its validation report. Only an
 * admin of the realm sees it: the platform checks the session's token and anything else is 403.
 *
 * With `?live=1` the page is the workbench's live preview frame: what the editor posts to the
 * action is rendered (the draft is read only to check the admin), so the loader composes nothing.
 */
export async function loadPreview(args: LoaderFunctionArgs) {
  const live = new URL(args.request.url).searchParams.get("live") === "1";
  return withPreview(args, async (scope, answer) => {
    const shown = answer.draft ?? answer.published!;
    const preview: Omit<PreviewData, "view"> = {
      basePath: scope.basePath,
      target: scope.target,
      key: scope.ref.key,
      source: answer.draft ? "draft" : "published",
      draft: answer.draft
        ? { updatedAt: answer.draft.updatedAt, baseVersion: answer.draft.baseVersion }
        : null,
      published: answer.published
        ? { version: answer.published.version, publishedAt: answer.published.publishedAt }
        : null,
      issues: [...answer.issues],
      audience: scope.audience,
    };
    if (live) return data({ ...preview, view: { type: "live" } } satisfies PreviewData);
    const version = answer.draft ? 0 : answer.published!.version;
    const view = await scope.render(shown.document, version);
    if (view.type === "page") preview.issues.push(...unresolvedBlocks(view.zones));
    return data({ ...preview, view } satisfies PreviewData);
  });
}

/**
 * `POST /realm/{realm}/preview/{target}/{key}?live=1` (`text`): the editor's unsaved text
 * rendered by the same composer, when our validator finds no problem in it; otherwise 422 with
 * the problems (placed in the text as `npm run validate` places them) and nothing rendered.
 */
export async function previewAction(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const text = String(form.get("text") ?? "");
  return withPreview(args, async (scope, answer) => {
    const report = await scope.platform.request<{ issues: PageIssue[] }>("/v2/admin/validate", {
      method: "POST",
      rawBody: text,
      auth: true,
      query: { target: scope.target, key: scope.key ?? undefined },
    });
    const preview: Omit<PreviewData, "view"> = {
      basePath: scope.basePath,
      target: scope.target,
      key: scope.ref.key,
      source: "unsaved",
      draft: null,
      published: answer.published
        ? { version: answer.published.version, publishedAt: answer.published.publishedAt }
        : null,
      issues: report.issues,
      audience: scope.audience,
    };
    if (report.issues.length > 0) {
      return data({ ...preview, view: { type: "invalid" } } satisfies PreviewData, {
        status: 422,
      });
    }
    const { $schema: _schema, ...document } = JSON.parse(text) as Record<string, unknown>;
    const view = await scope.render(document, 0);
    if (view.type === "page") preview.issues.push(...unresolvedBlocks(view.zones));
    return data({ ...preview, view } satisfies PreviewData);
  });
}

interface PreviewScope {
  basePath: string;
  target: AdminTarget;
  ref: DocumentRef;
  /** The admin endpoints' key (none for targets with one document). */
  key: string | null;
  platform: ReturnType<typeof platformClient>;
  audience: PreviewAudience;
  render: (document: Record<string, unknown>, version: number) => Promise<PreviewView>;
}

/** The document the URL names, the admin's platform client and the draft answer, or a 403/404. */
async function withPreview<T>(
  args: LoaderFunctionArgs | ActionFunctionArgs,
  withScope: (scope: PreviewScope, answer: DraftAnswer) => Promise<T>,
): Promise<T> {
  const { request, params, context } = args;
  const { realm, shell, basePath, viewer } = await requireRealmRequest(args);
  const target = params.target ?? "";
  let ref: DocumentRef;
  try {
    if (!isAdminTarget(target)) throw new TargetError(target);
    ref = documentOf(target, params["*"] || undefined);
  } catch (error) {
    if (error instanceof TargetError) throw data(null, { status: 404 });
    throw error;
  }
  const token = viewer.token;
  if (!token) throw data({ reason: "signIn" }, { status: 403 });
  try {
    const platform = platformClient(context, { realm, locale: shell.locale, token });
    const path = `/v2/admin/drafts/${target}${target === "not-found-page" || target === "cancellation-promo" ? "" : `/${encodeURIComponent(params["*"]!)}`}`;
    const answer = await platform.get<DraftAnswer>(path, { auth: true });
    const url = new URL(request.url);
    const name = readAudience(url);
    const settings = shell.settings as RouteSettings;
    const features = realmFeatures(settings);
    const shown = audienceViewer(name, { role: viewer.role, child: viewer.child });
    const audience: PreviewAudience = {
      name,
      ...shown,
      homeOpen: opensRoute(routeNamed("home"), shown.role, settings),
      cardTitleScale: viewerTheme(shell.theme, shell.settings, shown).cardTitleFontScale ?? 1,
    };
    // The admin's own view reads with the admin's token, as it always has. Every audience reads
    // content as pages do (no token) and never the admin's own rows: a customer or child
    // profile gets a new account's (nothing watched or listed yet), guests and signed-out
    // visitors none at all, as pages resolve them.
    const content =
      name === "admin" ? platform : platformClient(context, { realm, locale: shell.locale });
    const viewerData =
      name === "admin"
        ? { viewer: platform }
        : shown.role === "CUSTOMER"
          ? { viewerSource: newAccountViewerSource(viewerListKind(features)) }
          : {};
    const render = (document: Record<string, unknown>, version: number) =>
      previewView(ref, document, {
        url,
        language: { locale: shell.locale, defaultLocale: shell.realm.defaultLocale },
        compose: (kind, key, page, current) =>
          composePage(content, {
            kind,
            key,
            heroes: shell.content.heroes,
            locale: shell.locale,
            defaultLocale: shell.realm.defaultLocale,
            current,
            ...viewerData,
            version,
            // Problems were reported by the platform already; nothing to log for a preview.
            page: usableBlocks(kind, page, () => {}),
          }),
      });
    const key = params["*"] || null;
    return await withScope(
      { basePath, target: target as AdminTarget, ref, key, platform, audience, render },
      answer,
    );
  } catch (error) {
    if (error instanceof PlatformError) {
      if (error.status === 401 || error.status === 403) {
        throw data({ reason: "notAdmin" }, { status: 403 });
      }
      if (error.status === 400) throw data(null, { status: 404 });
    }
    throw asRouteError(error);
  }
}

type Compose = (
  kind: "page" | "section",
  key: string,
  document: unknown,
  current?: CurrentItem,
) => Promise<LoadedPage>;

async function previewView(
  ref: DocumentRef,
  document: Record<string, unknown>,
  { url, compose, language }: { url: URL; compose: Compose; language: TextLanguage },
): Promise<PreviewView> {
  switch (ref.kind) {
    case "menu":
      return { type: "menu", menu: localizeMenu(document as unknown as Menu, language) };
    case "promo": {
      // The promo is shown as the promo block it is made of, alone on a page.
      const promo = document as unknown as CancellationPromo;
      const page = {
        key: "cancellation-promo",
        title: promo.title,
        layout: "default",
        zones: { main: [{ ...promo, id: "cancellation-promo", type: "promo" }] },
      };
      const loaded = await compose("page", page.key, page);
      return { type: "page", pageKey: ref.key, notFound: false, ...loaded };
    }
    case "section":
    case "page": {
      const itemType = ref.kind === "page" ? ITEM_OF_TEMPLATE[ref.key] : undefined;
      let current: CurrentItem | undefined;
      if (itemType) {
        const id = contentId(url.searchParams.get("id"));
        if (id === null) return { type: "needs-item", itemType };
        current = { type: itemType, id };
      }
      const loaded = await compose(ref.kind, ref.key, document, current);
      return {
        type: "page",
        pageKey: ref.key,
        notFound: ref.kind === "page" && ref.key === "not-found",
        ...loaded,
      };
    }
  }
}

/**
 * Blocks viewers would not see: those whose data could not be had, and lists that matched
 * nothing (a rail or grid with no items renders nothing), e.g. a playlist key that does not exist.
 */
function unresolvedBlocks(zones: ResolvedZones): PageIssue[] {
  return Object.entries(zones).flatMap(([zone, blocks]) =>
    (blocks ?? []).flatMap((block, index) => {
      const place = `zones/${zone}/${index} (${block.config.type} '${block.config.id}')`;
      const issue = (message: string) => [
        {
          pointer: `/zones/${zone}/${index}`,
          message: `${place}: ${message}`,
          blockId: block.config.id,
          blockType: block.config.type,
        },
      ];
      if (block.status === "error") {
        return issue(
          `its content could not be loaded, so viewers would not see it (${block.message})`,
        );
      }
      if (isEmptyList(block.data)) {
        return issue("its content query matches no items, so viewers would not see it");
      }
      return [];
    }),
  );
}

function isEmptyList(data: unknown): boolean {
  const hits = (data as { hits?: unknown } | null)?.hits;
  return Array.isArray(hits) && hits.length === 0;
}
