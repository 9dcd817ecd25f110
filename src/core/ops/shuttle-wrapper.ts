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
    `- read \`${file}\` and report its progress in your Session Log: items done of the total, and the one in progress;`,
    '- when every item there is done, complete this task with a Summary of what Shuttle finished.',
  ].join('\n');
}
