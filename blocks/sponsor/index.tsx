import type { SponsorBlock } from "../../schemas/generated/blocks-sponsor.ts";
import type { Sponsor } from "../../schemas/generated/sponsor.ts";
import type { BlockDefinition, ResolveContext } from "../types.ts";
import { SponsorLogo } from "../../app/ui/SponsorLogo.tsx";

/** The page item's sponsor when the block shows it; null when the block has its own logo. */
export type SponsorData = Sponsor | null;

/** A block that names an image of its own shows that; otherwise it stands for the item's sponsor. */
function hasOwnLogo(config: SponsorBlock): boolean {
  return Boolean(config.imageUrl);
}

export function resolveSponsor(config: SponsorBlock, ctx: ResolveContext): Promise<SponsorData> {
  return hasOwnLogo(config) ? Promise.resolve(null) : ctx.content.currentSponsor();
}

export function SponsorBlockView({ config, data }: { config: SponsorBlock; data: SponsorData }) {
  return <SponsorLogo sponsor={hasOwnLogo(config) ? config : data} />;
}

export const definition: BlockDefinition<SponsorBlock, SponsorData> = {
  type: "sponsor",
  resolve: resolveSponsor,
  Component: SponsorBlockView,
};
