/** Bounds on waiting for PostgreSQL, in milliseconds. */
export interface StoreTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /**
   * One statement: the server cancels it after this long; the client gives up on an answer a
   * second later, which is what ends a wait on a silently cut network.
   */
  statementMs: number;
  /** An unused pooled connection is closed after this long. */
  idleMs: number;
  /** The server ends a session left inside a transaction for this long, releasing its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: StoreTimeouts = {
  connectMs: 5_000,
  statementMs: 5_000,
  idleMs: 30_000,
  idleInTransactionMs: 30_000,
};
