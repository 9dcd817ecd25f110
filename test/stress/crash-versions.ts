import { DispatchInput, dispatchText } from '../../src/core/ops/dispatch';

/** The crash test's file, version by version: version n holds tasks K0 … K(n-1), dispatched in order. */
export const CRASH_SEED = "# The crash test's queue\n\n<!-- cortex:last-tick 2026-01-01T00:00 -->\n";

export function crashTask(n: number): DispatchInput {
  return { title: `K${n}`, body: `Task number ${n}, dispatched before the writer was killed.`, id: n.toString(16).padStart(12, '0') };
}

const versions: string[] = [CRASH_SEED];

/** The exact text of version `n`. */
export function crashVersion(n: number): string {
  while (versions.length <= n) {
    const k = versions.length - 1;
    versions.push(dispatchText(versions[k], 'tasks.md', crashTask(k)).text);
  }
  return versions[n];
}
