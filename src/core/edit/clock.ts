/**
 * Time as the writer sees it: the wall clock (modification times are compared with
 * it) and a way to wait. Injected so that tests drive the settle window and the
 * journal without real waiting.
 */
export interface Clock {
  /** Milliseconds since the epoch (wall clock, as file modification times). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
