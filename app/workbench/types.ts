import type { AdminTarget } from "../../schemas/document-kinds.ts";
import type { LabelKey } from "../../contract/labels.ts";
import type { JsonSchema } from "../../schemas/editor-schema.ts";
import type { DocumentChanges } from "./block-diff.ts";
import type { DiffLine } from "./line-diff.ts";

/** A problem of a document's text, placed as `npm run validate` places it. */
export interface DocumentIssue {
  pointer: string;
  message: string;
  line?: number;
  column?: number;
  blockId?: string;
  blockType?: string;
  /** "key": shown at the property's name (an unknown property), when not placed by line. */
  target?: "key";
  severity?: "warning";
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
  /** Published versions, newest first (empty when never published). */
  versions: VersionEntry[];
  /** The saved draft against the live version, when there is a draft. */
  changes: DocumentChanges | null;
  /** Two versions side by side, when the URL asks (`?from=&to=`, a number or `draft`). */
  compare: Comparison | null;
  /** The blocks the outline offers, for documents with zones (pages, sections). */
  palette: PaletteEntry[];
  /** The document's JSON Schema, its references bundled, for the code editor's help. */
  schema: JsonSchema;
  /** What the last publish or restore did, from the URL it went back to. */
  done: { action: "published" | "restored"; version: number } | null;
}

/** A block type the outline can add: its schema's description and example props. */
export interface PaletteEntry {
  type: string;
  description: string;
  example: Record<string, unknown>;
}

export interface VersionEntry {
  version: number;
  publishedAt: string;
  /** The publisher's email; null for the initial set-up. */
  by: string | null;
  note: string | null;
  restoredFrom: number | null;
}

export type VersionChoice = number | "draft";

export interface Comparison {
  from: VersionChoice;
  to: VersionChoice;
  changes: DocumentChanges;
  lines: DiffLine[];
}

/** What a save answers: the text always comes back, so nothing typed is lost. */
export type SaveResult =
  | { outcome: "saved"; text: string; revision: number; issues: [] }
  | { outcome: "invalid"; text: string; issues: DocumentIssue[] }
  | { outcome: "refused"; error: LabelKey; issues: DocumentIssue[] }
  | {
      outcome: "conflict";
      text: string;
      issues: [];
      /** The draft someone else saved since this editor read it. */
      theirs: { revision: number; text: string; updatedAt: string | null };
    };
