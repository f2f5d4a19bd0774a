import { ANALYTICS_LIMITS, type AnalyticsEvent } from "../../contract/analytics-events.ts";

/** Uploads at least this far apart (spec section 9). */
export const MIN_UPLOAD_INTERVAL_MS = 500;
/** The first retry's wait after a refused upload, doubled each time up to the maximum. */
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
/** Events kept while the ingest refuses; the oldest go first past it. */
export const MAX_QUEUED = 500;

export interface BatchContext {
  sandbox?: boolean;
  userId?: string;
  email?: string;
  clickIds?: Record<string, string>;
}

export interface Batch extends BatchContext {
  events: AnalyticsEvent[];
}

export interface BatcherOptions {
  /** Posts a batch; answers the HTTP status (0 when the network failed). */
  send(batch: Batch): Promise<number>;
  /** Hands a batch to the browser to deliver after the page has gone (`sendBeacon`). */
  beacon(batch: Batch): boolean;
  /** Who the events are from at the moment they are uploaded. */
  context(): BatchContext;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  log?: (message: string) => void;
}

/**
 * Queues events and uploads them in batches at least MIN_UPLOAD_INTERVAL_MS apart. A 5xx, a
 * 429 or a network failure keeps the batch for a retry with exponential backoff; any other 4xx
 * drops it (it would be refused again). When the page hides, whatever waits goes by beacon.
 */
export class AnalyticsBatcher {
  private queue: AnalyticsEvent[] = [];
  private lastUpload = -Infinity;
  private backoff = 0;
  private retryAt = 0;
  private timer: unknown = null;
  private sending = false;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;

  constructor(private readonly options: BatcherOptions) {
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  }

  get pending(): number {
    return this.queue.length;
  }

  add(event: AnalyticsEvent): void {
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
    this.schedule();
  }

  /** The page is going: everything queued leaves by beacon, in batches the ingest takes. */
  flushByBeacon(): void {
    while (this.queue.length > 0) {
      const events = this.queue.slice(0, ANALYTICS_LIMITS.eventsPerBatch);
      if (!this.options.beacon({ ...this.options.context(), events })) return;
      this.queue.splice(0, events.length);
    }
  }

  private schedule(): void {
    if (this.timer !== null || this.sending || this.queue.length === 0) return;
    const at = Math.max(this.lastUpload + MIN_UPLOAD_INTERVAL_MS, this.retryAt);
    this.timer = this.setTimer(
      () => {
        this.timer = null;
        void this.upload();
      },
      Math.max(0, at - this.now()),
    );
  }

  /** Sends the oldest batch now; resolves once its answer is handled. */
  async upload(): Promise<void> {
    if (this.sending || this.queue.length === 0) return;
    this.sending = true;
    const events = this.queue.slice(0, ANALYTICS_LIMITS.eventsPerBatch);
    this.lastUpload = this.now();
    let status = 0;
    try {
      status = await this.options.send({ ...this.options.context(), events });
    } catch {
      status = 0;
    }
    this.sending = false;
    if (status >= 200 && status < 300) {
      this.dequeue(events);
      this.backoff = 0;
      this.retryAt = 0;
    } else if (status === 0 || status === 429 || status >= 500) {
      this.backoff =
        this.backoff === 0 ? FIRST_BACKOFF_MS : Math.min(this.backoff * 2, MAX_BACKOFF_MS);
      this.retryAt = this.now() + this.backoff;
      this.options.log?.(`analytics upload answered ${status}: retrying in ${this.backoff} ms`);
    } else {
      this.dequeue(events);
      this.options.log?.(`analytics upload answered ${status}: batch dropped`);
    }
    this.schedule();
  }

  private dequeue(events: AnalyticsEvent[]): void {
    // Only the events sent leave: what was queued meanwhile stays (the oldest may have been
    // pushed out while the ingest was refusing, so they are found, not counted).
    this.queue = this.queue.filter((event) => !events.includes(event));
  }

  /** The wait before the next retry (0 when the last upload went through). */
  get currentBackoff(): number {
    return this.backoff;
  }
}
