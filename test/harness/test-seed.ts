/**
 * One seed per test run for everything random in the tests (fast-check's properties, the
 * stress suite's kill moments and pauses): CORTEX_TEST_SEED when it is set, to replay a
 * run that failed, a fresh one otherwise. The run prints it (test-seed-hooks.ts).
 */
import { randomInt } from 'node:crypto';

export const TEST_SEED_VARIABLE = 'CORTEX_TEST_SEED';

let seed: number | undefined;

/** This run's seed, a whole number from 0 to 2^31 − 1. */
export function testSeed(): number {
  if (seed === undefined) {
    const given = process.env[TEST_SEED_VARIABLE];
    if (given !== undefined && given !== '') {
      if (!/^\d+$/.test(given) || Number(given) > 0x7fffffff) throw new Error(`${TEST_SEED_VARIABLE} is "${given}": a whole number from 0 to 2147483647 was expected`);
      seed = Number(given);
    } else seed = randomInt(0x7fffffff);
  }
  return seed;
}

/** How to run this again with the same randomness. */
export function replayHint(): string {
  return `random seed ${testSeed()}; replay with ${TEST_SEED_VARIABLE}=${testSeed()}`;
}

/** Numbers in [0, 1) from `start`, the same ones for the same start (mulberry32). */
export function seededRandom(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
