import { describeFailure } from '../../core/edit/file-errors';

/**
 * How a card operation ended, and the one failure policy of every one of them (the
 * board's moves, reorders, reassignments and dispatches again, and the task actions:
 * accept, send back, edit, cancel, unclaim).
 */
export interface TaskOutcome {
  /** The file now says what the person asked for. */
  readonly ok: boolean;
  /** For the page's live region; `null` when there is nothing to say (the person cancelled). */
  readonly message: string | null;
}

export const DONE = (message: string): TaskOutcome => ({ ok: true, message });
export const FAILED = (message: string | null = null): TaskOutcome => ({ ok: false, message });
export const RESTRICTED = 'Restricted Mode: the board only reads.';

/** Where a failure is told: the person (a warning or an error message) and the log. */
export interface FailureSink {
  readonly prompts: { warn(message: string): unknown; error(message: string): unknown };
  readonly log: { error(message: string): void };
}

/**
 * A failed operation, told as every door tells it (`describeFailure`): refused input, a
 * conflict, a write that happened but was not confirmed, and a file-system refusal are
 * sentences for the person (a warning: their sentence says what was and was not
 * written); anything else is a bug, logged as an error.
 */
export function failedOutcome(e: unknown, sink: FailureSink): TaskOutcome {
  const { kind, message } = describeFailure(e);
  if (kind !== 'other') {
    void sink.prompts.warn(`Cortex: ${message}`);
  } else {
    sink.log.error(`Task operation: ${message}`);
    void sink.prompts.error(`Cortex: could not write: ${message}`);
  }
  return FAILED(message);
}

/** The writer's checks a card operation makes before it asks anything (the writer checks again when it writes). */
export interface CardWriter {
  whenTrusted<T>(what: string, work: () => Promise<T>): Promise<T | undefined>;
  checkUnsaved(paths: readonly string[]): void;
}

/** `run`, unless Restricted Mode refuses before any question is asked (the writer says why). */
export async function whenTrusted(writer: CardWriter, what: string, run: () => Promise<TaskOutcome>): Promise<TaskOutcome> {
  return (await writer.whenTrusted(what, run)) ?? FAILED(RESTRICTED);
}

/** True, and the person told, when one of `paths` has unsaved changes in an editor. */
export function refuseIfUnsaved(writer: CardWriter, paths: readonly string[], sink: FailureSink): boolean {
  try {
    writer.checkUnsaved(paths);
    return false;
  } catch (e) {
    failedOutcome(e, sink);
    return true;
  }
}
