import { useEffect, useRef, useState } from "react";

/** The controls fade after this long without pointer movement while playing. */
export const IDLE_MS = 3000;

/** Idle once `IDLE_MS` pass after the last `wake()`; awake until the first one's time is up. */
export function useIdle() {
  const [idle, setIdle] = useState(false);
  const timer = useRef<number>();
  const wake = () => {
    setIdle(false);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIdle(true), IDLE_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { idle, wake };
}
