import type { LoaderFunctionArgs } from "@remix-run/node";
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
  | { type: "needs-item"; itemType: CurrentItem["type"] };

export interface PreviewData {
  /** Where the realm's links start. */
  basePath: string;
  target: AdminTarget;
  key: string;
  /** Shown: the draft, or the live version when there is no draft. */
  source: "draft" | "published";
  draft: { updatedAt: string; baseVersion: number | null } | null;
  published: { version: number; publishedAt: string } | null;
  issues: PageIssue[];
  view: PreviewView;
}

const ITEM_OF_TEMPLATE: Record<string, CurrentItem["type"]> = {
  playlist: "PLAYLIST",
  series: "SERIES",
  season: "SEASON",
};

/**
 * `/realm/{realm}/preview/{target}/{key}`: the draft of a document (or its live version when it
 * has no draft) rendered exactly as it would be published, with its validation report. Only an
 * admin of the realm sees it: the platform checks the session's token and anything else is 403.
 */
export async function loadPreview(args: LoaderFunctionArgs) {
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
    const shown = answer.draft ?? answer.published!;
    const issues = [...answer.issues];
    const preview: Omit<PreviewData, "view"> = {
      basePath,
      target: target as AdminTarget,
      key: ref.key,
      source: answer.draft ? "draft" : "published",
      draft: answer.draft
        ? { updatedAt: answer.draft.updatedAt, baseVersion: answer.draft.baseVersion }
        : null,
      published: answer.published
        ? { version: answer.published.version, publishedAt: answer.published.publishedAt }
        : null,
      issues,
    };
    const version = answer.draft ? 0 : answer.published!.version;
    const view = await previewView(ref, shown.document, {
      url: new URL(request.url),
      language: { locale: shell.locale, defaultLocale: shell.realm.defaultLocale },
      compose: (kind, key, document, current) =>
        composePage(platform, {
          kind,
          key,
          heroes: shell.content.heroes,
          locale: shell.locale,
          defaultLocale: shell.realm.defaultLocale,
          current,
          // An admin's preview shows the admin's own rows, as the page will show each viewer theirs.
          viewer: platform,
          version,
          // Problems were reported by the platform already; nothing to log for a preview.
          page: usableBlocks(kind, document, () => {}),
        }),
    });
    if (view.type === "page") issues.push(...unresolvedBlocks(view.zones));
    return data({ ...preview, view } satisfies PreviewData);
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
