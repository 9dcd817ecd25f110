import { describeFailure } from '../../core/edit/file-errors';

/**
 * What the user reads when a write failed, told apart as the CLI and the MCP tools do
 * (`failureKind`): refused input, a conflict and a file-system error wrote nothing, so
 * the sentence starts with what was not done (`nothing`, e.g. "nothing was
 * dispatched."); an unconfirmed write did happen and its sentence says so ("… was
 * written, but another program …"), so it is shown as it is.
 */
export function writeFailureMessage(e: unknown, nothing: string): string {
  const failure = describeFailure(e);
  return failure.kind === 'unconfirmed' ? `Cortex: ${failure.message}` : `Cortex: ${nothing} ${failure.message}`;
}
