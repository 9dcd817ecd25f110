import { SHUTTLE_FILE } from '../parse/shuttle';

/**
 * The Shuttle pattern's wrapper task (protocol document 000, "External task runners";
 * templates/protocol/{coordinator,worker}.md): when an agent's work runs in an external
 * runner that keeps its own task file, the coordinator writes ONE Cortex task that
 * monitors it, and the agent's Cortex heartbeat reports the runner's progress there.
 */
export const SHUTTLE_WRAPPER_TITLE = 'Execute Shuttle tasks — report status';

/** The wrapper task's body, naming the runner's file in `projectFolder` (as the agent note writes it). */
export function shuttleWrapperBody(projectFolder: string): string {
  const file = `${projectFolder.replace(/[\\/]+$/, '')}/${SHUTTLE_FILE}`;
  return [
    `The work runs in Shuttle, the external task runner: its task list is \`${file}\`, and its own heartbeat picks up and does the items. Do not do them yourself, and never edit that file.`,
    '',
    'While this task is in progress, on each Cortex heartbeat:',
    `- read \`${file}\` and report its progress in this task: one line \`**Progress:** <done> of <total> done; now: <item>\` right under its Started line, replaced each time;`,
    '- when every item there is done, complete this task with a Summary of what Shuttle finished.',
  ].join('\n');
}

/** A Shuttle wrapper task: the title the protocol gives it (any "Execute Shuttle tasks…" title, case aside). */
export function isShuttleWrapper(title: string): boolean {
  return /^execute shuttle tasks\b/i.test(title.trim());
}

/**
 * The protocol: "when all external tasks are complete, the Cortex heartbeat marks the
 * Cortex task as done". The agent's wrapper task that is still open (ready or in
 * progress) although every item of its runner's file is done, or `null` (no wrapper
 * open, no runner items, or items left).
 */
export function wrapperLeftOpen(
  tasks: readonly { readonly title: string; readonly status: string | null }[],
  runner: { readonly done: number; readonly total: number } | null,
): { readonly title: string; readonly status: 'ready' | 'in-progress' } | null {
  if (!runner || runner.total === 0 || runner.done < runner.total) return null;
  const open = tasks.find((t) => (t.status === 'ready' || t.status === 'in-progress') && isShuttleWrapper(t.title));
  return open ? { title: open.title, status: open.status as 'ready' | 'in-progress' } : null;
}
