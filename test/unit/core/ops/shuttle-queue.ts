/** The queue the claim, complete and tick tests edit byte for byte: a done task, two ready ones, the tick. */
export const F = 'agents/ada/tasks.md';
export const NOW = '2026-03-28T11:42';
export const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';

export const QUEUE = `## Old
**Status:** done
**Started:** 2026-03-27T09:00
**Completed:** 2026-03-27T10:00

## First ready
**Status:** ready

Do the first thing.

## Second ready
**Status:** ready

${TICK}
`;
