import type { ReactNode } from "react";
import type { PageLayout } from "../schemas/generated/page-layout.ts";

/** What a layout receives: the page's title and its zones, already rendered. */
export interface LayoutProps {
  /** The page title; undefined when the page has a heading of its own around it. */
  title?: string;
  /** Rendered zones by name; a zone the page does not fill is undefined. */
  zones: Partial<Record<"header" | "main" | "list" | "sidebar", ReactNode>>;
  /** Hide the visible page title (a hero already says it), keeping it for screen readers. */
  titleHidden?: boolean;
}

export type LayoutComponent = (props: LayoutProps) => JSX.Element;
export type { PageLayout };
