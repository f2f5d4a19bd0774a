import { createElement, Suspense, useContext } from "react";
import { BlockMarkers } from "./block-markers.ts";
import { BlockBoundary } from "./BlockBoundary.tsx";
import { BlockSkeleton } from "./BlockSkeleton.tsx";
import { blockRegistry } from "./registry.ts";
import type { ResolvedBlock } from "./resolve.ts";
import type { Block } from "./types.ts";

type AnyComponent = (props: { config: Block; data: unknown }) => JSX.Element | null;

export type BlockErrorHandler = (error: unknown, blockId: string, blockType: string) => void;

function logBlockError(error: unknown, blockId: string, blockType: string) {
  console.error(`Block "${blockId}" (${blockType}) failed to render`, error);
}

/** The blocks of one zone, in order; a block without data or that throws leaves no trace. */
export function Zone({
  blocks,
  onError = logBlockError,
}: {
  blocks: readonly ResolvedBlock[] | undefined;
  onError?: BlockErrorHandler;
}) {
  const marked = useContext(BlockMarkers);
  return (
    <>
      {(blocks ?? []).map((block) => {
        if (block.status !== "ok") return null;
        const definition = (blockRegistry as Partial<Record<string, { Component: AnyComponent }>>)[
          block.config.type
        ];
        if (!definition) return null;
        const rendered = (
          // Error boundaries do not run during server rendering; a Suspense boundary makes a
          // block that throws there render its skeleton and retry in the browser, where
          // BlockBoundary catches it. A block still loading shows its skeleton meanwhile.
          <Suspense key={block.config.id} fallback={<BlockSkeleton block={block.config} />}>
            <BlockBoundary
              blockId={block.config.id}
              blockType={block.config.type}
              onError={onError}
            >
              {createElement(definition.Component, { config: block.config, data: block.data })}
            </BlockBoundary>
          </Suspense>
        );
        return marked ? (
          <div
            key={block.config.id}
            className="block-marker"
            data-block-id={block.config.id}
            data-block-type={block.config.type}
          >
            {rendered}
          </div>
        ) : (
          rendered
        );
      })}
    </>
  );
}
