/**
 * Keeping a live stream near its edge. After a stall the player falls behind; it catches up by
 * playing slightly faster, but only while enough is buffered that speeding up cannot cause the
 * next stall (the buffer floor). A viewer who sought back into the DVR window is left there.
 */
export interface CatchUpInput {
  /** Seconds behind the live sync position. */
  latency: number;
  /** The latency the player aims for (a few segments). */
  target: number;
  /** Seconds buffered ahead of the playhead. */
  bufferAhead: number;
  /** Whether the viewer is following the live edge (not watching back in the window). */
  followingLive: boolean;
}

export const CATCH_UP = {
  /** No speed change within this many seconds of the target. */
  tolerance: 1.5,
  /** Never speed up with less than this buffered ahead. */
  bufferFloor: 4,
  maxRate: 1.15,
  /** Seconds of extra latency at which the maximum rate is reached. */
  fullRateAt: 10,
} as const;

/** The playback rate for now: 1, or a little faster while there is latency to win back. */
export function catchUpRate({ latency, target, bufferAhead, followingLive }: CatchUpInput): number {
  if (!followingLive || bufferAhead < CATCH_UP.bufferFloor) return 1;
  const excess = latency - target;
  if (excess <= CATCH_UP.tolerance) return 1;
  const share = Math.min(1, (excess - CATCH_UP.tolerance) / CATCH_UP.fullRateAt);
  // Gentle: between 1.05 and the maximum, rounded so the rate does not flutter every tick.
  const rate = 1.05 + share * (CATCH_UP.maxRate - 1.05);
  return Math.round(rate * 100) / 100;
}

/** Within this many seconds of the edge the player counts as live (the indicator lights). */
export function atLiveEdge(latency: number, target: number): boolean {
  return latency <= target + 3;
}

/** A seek that lands this far behind the edge means the viewer chose to watch back. */
export function leavesLiveEdge(latency: number, target: number): boolean {
  return latency > target + 8;
}
