import { readTextFile } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { COORDINATOR_SLUG, isCoordinator } from '../team/coordinator';
import { parseAgentNote } from '../parse/agent-note';
import { agentNotePath } from '../team/team-paths';

/**
 * Who may create tasks. The protocol: "Chief of staff dispatches, workers execute". A
 * task is dispatched by the coordinator (see `isCoordinator`), by a person, or by a tool
 * that acts for the whole team; an agent that is not the coordinator does not write
 * tasks into a queue, its own included: when it needs work done elsewhere it sends a
 * message, and the coordinator decides.
 */

/** Whether the agent `slug` coordinates the team (its slug, or its note's `## Role`). */
export async function agentCoordinates(fs: TeamFs, slug: string): Promise<boolean> {
  const text = await readTextFile(fs, agentNotePath(slug)).catch(() => undefined);
  const role = text === undefined ? null : parseAgentNote(text, agentNotePath(slug), slug).role;
  return isCoordinator({ slug, role });
}

/** The refusal a worker gets when it tries to dispatch (one sentence, says what to do instead). */
export function workerDispatchRefusal(slug: string): string {
  return (
    `${slug} is a worker, and workers do not create tasks: the chief of staff dispatches, workers execute. ` +
    `To have work done elsewhere, send a message to ${COORDINATOR_SLUG} (or to the agent whose work it is) saying what is needed ` +
    '(cortex-team message send, or the send_message tool); nothing was written.'
  );
}

/** Refuses (CortexInputError) when the agent `slug` is not the coordinator. */
export async function checkMayDispatch(fs: TeamFs, slug: string): Promise<void> {
  if (!(await agentCoordinates(fs, slug))) throw new CortexInputError(workerDispatchRefusal(slug));
}
