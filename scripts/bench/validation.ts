import { performance } from "node:perf_hooks";
import { validatePage } from "../../schemas/page-validation.ts";

export interface ValidationFigures {
  blocks: number;
  /** Median of the timed runs, after warm-up (the validator compiles once per process). */
  medianMs: number;
  p95Ms: number;
}

/** A realistic 1,000-block page: every block type, in the proportions pages use them. */
function largePage(blocks: number) {
  const main = Array.from({ length: blocks }, (_, i) => {
    const id = `block-${i}`;
    switch (i % 6) {
      case 0:
        return {
          id,
          type: "rail",
          title: `Rail ${i}`,
          source: { kind: "events", status: "UPCOMING" },
          itemsPerPage: 12,
        };
      case 1:
        return {
          id,
          type: "grid",
          title: `Grid ${i}`,
          source: { kind: "playlist", playlist: "best-of" },
        };
      case 2:
        return {
          id,
          type: "promo",
          title: `Promo ${i}`,
          cta: "Watch",
          link: { contentLink: { key: "afc-24-7", type: "LIVE" } },
        };
      case 3:
        return {
          id,
          type: "sponsor",
          name: "Sponsor",
          imageUrl: "/images/s.webp",
          link: "https://sponsor.example.com",
          displayMode: "SHOW",
        };
      case 4:
        return { id, type: "schedule", days: 7, pastDays: 1 };
      default:
        return { id, type: "hero", items: [{ type: "EVENT", key: "afc-24-7" }] };
    }
  });
  return { key: "bench", title: "Bench", layout: "default", zones: { main } };
}

export function measureValidation(blocks = 1000, runs = 50): ValidationFigures {
  const page = largePage(blocks);
  const first = validatePage("page", page);
  if (!first.ok) throw new Error(`bench page is invalid: ${first.issues[0]?.message}`);
  for (let i = 0; i < 5; i++) validatePage("page", page);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    validatePage("page", page);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { blocks, medianMs: times[Math.floor(runs / 2)]!, p95Ms: times[Math.floor(runs * 0.95)]! };
}
