import type { AdminTarget } from "../../schemas/document-kinds.ts";

/** A problem of a document's text, placed as `npm run validate` places it. */
export interface DocumentIssue {
  pointer: string;
  message: string;
  line?: number;
  column?: number;
  blockId?: string;
  blockType?: string;
}

/** The platform's answer for one document (`GET /v2/admin/drafts/{target}/{key}`). */
export interface DraftAnswer {
  draft: {
    revision: number;
    document: Record<string, unknown>;
    updatedAt: string;
    baseVersion: number | null;
  } | null;
  published: { version: number; publishedAt: string; document: Record<string, unknown> } | null;
  issues: DocumentIssue[];
}

export interface EditorData {
  target: AdminTarget;
  key: string | null;
  /** The draft's text, else the live version's. */
  text: string;
  /** The draft revision the text comes from (0: no draft yet): saves go over it only. */
  revision: number;
  draft: { updatedAt: string; baseVersion: number | null } | null;
  published: { version: number; publishedAt: string } | null;
  issues: DocumentIssue[];
  previewHref: string;
}

/** What a save answers: the text always comes back, so nothing typed is lost. */
export type SaveResult =
  | { outcome: "saved"; text: string; revision: number; issues: [] }
  | { outcome: "invalid"; text: string; issues: DocumentIssue[] }
  | {
      outcome: "conflict";
      text: string;
      issues: [];
      /** The draft someone else saved since this editor read it. */
      theirs: { revision: number; text: string; updatedAt: string | null };
    };
