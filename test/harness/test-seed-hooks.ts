/**
 * Mocha root hooks (`--require`) for the suites with randomness: fast-check runs every
 * property from this run's seed (test-seed.ts), the seed is printed at the start, and
 * again after each failed test, so the failure can be replayed.
 */
import fc from 'fast-check';
import type { Context } from 'mocha';
import { replayHint, testSeed } from './test-seed';

fc.configureGlobal({ seed: testSeed() });

export const mochaHooks = {
  beforeAll(): void {
    console.log(`  (${replayHint()})`);
  },
  afterEach(this: Context): void {
    if (this.currentTest?.state === 'failed') console.log(`      ${replayHint()}`);
  },
};
