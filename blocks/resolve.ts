import type { PageZones } from "../schemas/generated/page-zones.ts";
import type { Localized } from "../schemas/localized-text.ts";
import { blockRegistry, type BlockData } from "./registry.ts";
import type { Block, BlockOf, BlockType, ResolveContext, ZoneName } from "./types.ts";

/** A block with its data, or with why its data could not be had (the block is then skipped). */
export type ResolvedBlock = {
  [T in BlockType]:
    | { config: BlockOf<T>; status: "ok"; data: BlockData<T> }
    | { config: BlockOf<T>; status: "error"; message: string };
}[BlockType];

export type ResolvedZones = { [Z in ZoneName]?: ResolvedBlock[] };

type AnyResolver = (config: Block, ctx: ResolveContext) => Promise<unknown>;
type AnyDefinition = { resolve: AnyResolver; perViewer?: true | ((config: Block) => boolean) };

const definitionOf = (config: Block) =>
  (blockRegistry as Partial<Record<string, AnyDefinition>>)[config.type];

async function resolveData(config: Block, ctx: ResolveContext): Promise<unknown> {
  const definition = definitionOf(config);
  if (!definition) throw new Error(`Unknown block type "${config.type}"`);
  return definition.resolve(config, ctx);
}

/** Whether a block's data depends on who is looking (see `BlockDefinition.perViewer`). */
export function isPerViewer(config: Block): boolean {
  const perViewer = definitionOf(config)?.perViewer;
  return typeof perViewer === "function" ? perViewer(config) : perViewer === true;
}

/**
 * Resolves the data of every block of every zone at once: a page waits for its slowest block,
 * not for the sum of them, and a block that fails is reported in place, not thrown.
 */
export async function resolveZones(
  zones: Localized<PageZones>,
  ctx: ResolveContext,
): Promise<ResolvedZones> {
  const names = Object.keys(zones) as ZoneName[];
  const settled = await Promise.all(
    names.map((name) =>
      Promise.allSettled((zones[name] ?? []).map((config) => resolveData(config, ctx))),
    ),
  );
  const resolved: ResolvedZones = {};
  names.forEach((name, zoneIndex) => {
    resolved[name] = (zones[name] ?? []).map((config, index) => {
      const outcome = settled[zoneIndex]![index]!;
      return (
        outcome.status === "fulfilled"
          ? { config, status: "ok", data: outcome.value }
          : { config, status: "error", message: errorMessage(outcome.reason) }
      ) as ResolvedBlock;
    });
  });
  return resolved;
}

/**
 * The blocks of already resolved zones whose data depends on the viewer, resolved again with
 * `ctx.viewer`; every other block is kept as it was. `zones` is not changed (it may be a
 * cached answer that other viewers are served), a new object is returned.
 */
export async function resolvePerViewer(
  zones: ResolvedZones,
  ctx: ResolveContext,
): Promise<ResolvedZones> {
  const names = Object.keys(zones) as ZoneName[];
  const again = await Promise.all(
    names.map((name) =>
      Promise.all(
        (zones[name] ?? []).map(async (block): Promise<ResolvedBlock> => {
          if (!isPerViewer(block.config)) return block;
          try {
            const data = await resolveData(block.config, ctx);
            return { config: block.config, status: "ok", data } as ResolvedBlock;
          } catch (reason) {
            const message = errorMessage(reason);
            return { config: block.config, status: "error", message } as ResolvedBlock;
          }
        }),
      ),
    ),
  );
  return Object.fromEntries(names.map((name, index) => [name, again[index]!]));
}

function errorMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
