import { blockRegistry } from "./registry.ts";
import type { Block } from "./types.ts";

type AnySkeleton = (props: { config: Block }) => JSX.Element | null;

/** The loading shapes of a block, from its definition; nothing for a block without them. */
export function BlockSkeleton({ block }: { block: Block }) {
  const Skeleton = (blockRegistry as Partial<Record<string, { Skeleton?: AnySkeleton }>>)[
    block.type
  ]?.Skeleton;
  return Skeleton ? <Skeleton config={block} /> : null;
}
