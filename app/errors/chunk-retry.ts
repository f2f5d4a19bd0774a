/** Spec section 9, "Chunk loading": how a script chunk that fails to load is tried again. */
export const CHUNK_LOADING = { retries: 3, delayMs: 2000, timeoutMs: 120_000 } as const;

/** A script or style chunk that could not be loaded (spec section 8, chunk load failure). */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

/** The spec's message once every retry has failed. */
export const chunkFailedMessage = (retries: number) =>
  `Loading chunk failed after ${retries} retries`;

/**
 * `url` made distinct for retry `attempt`, so neither the browser's module map nor an HTTP
 * cache hands back the failure again.
 */
export function retryUrl(url: string, attempt: number): string {
  const [beforeHash, hash] = url.split("#", 2);
  const joined = `${beforeHash}${beforeHash!.includes("?") ? "&" : "?"}retry=${attempt}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export interface ChunkImportOptions {
  importer?: (url: string) => Promise<unknown>;
  retries?: number;
  delayMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultImporter = (url: string) => import(/* webpackIgnore: true */ url);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Imports a chunk, trying again `retries` times `delayMs` apart with a cache-busting query, all
 * within `timeoutMs`; then a ChunkLoadError with the spec's message.
 */
export async function importWithRetry<T = unknown>(
  url: string,
  options: ChunkImportOptions = {},
): Promise<T> {
  const {
    importer = defaultImporter,
    retries = CHUNK_LOADING.retries,
    delayMs = CHUNK_LOADING.delayMs,
    timeoutMs = CHUNK_LOADING.timeoutMs,
    sleep = defaultSleep,
  } = options;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new ChunkLoadError(chunkFailedMessage(retries)));
    }, timeoutMs);
  });
  let lastError: unknown;
  try {
    for (let attempt = 0; attempt <= retries && !timedOut; attempt += 1) {
      if (attempt > 0) await Promise.race([sleep(delayMs), deadline]);
      try {
        return (await Promise.race([
          importer(attempt === 0 ? url : retryUrl(url, attempt)),
          deadline,
        ])) as T;
      } catch (error) {
        lastError = error;
        if (timedOut) break;
      }
    }
  } finally {
    clearTimeout(timer);
  }
  throw new ChunkLoadError(chunkFailedMessage(retries), { cause: lastError });
}
