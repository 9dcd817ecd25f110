/**
 * What the writer applies: a change to a file's text, made again on a newer text
 * whenever the file changed underneath or another program's write removed it.
 *
 * - `apply(text)` makes the change on `text` and says what it did (`result`). It
 *   throws a `CortexInputError` when the change cannot be made on this text (the
 *   first time: bad input, nothing written; later: the change can no longer be put
 *   back). Returning `text` unchanged means there is nothing to do.
 * - `holds(text)` tells whether `text` already has the change's effect, or a later
 *   state of it (a dispatched task that an agent has since claimed still holds). It
 *   makes the operation idempotent: the writer re-applies only when it is false, so a
 *   re-apply never doubles anything. An operation without `holds` is applied once;
 *   its effect is not watched after the write (see `editFile`).
 */
export interface TextOperation<R = void> {
  /**
   * `file.exists` is false when the file is not there (with `ifMissing: 'create'`;
   * `text` is then ''): whatever is returned then is written, even ''.
   */
  apply(text: string, file: FileState): Applied<R>;
  holds?(text: string): boolean;
}

export interface FileState {
  readonly exists: boolean;
}

export interface Applied<R> {
  readonly text: string;
  readonly result: R;
}

/** A plain text transform as a `TextOperation` without `holds`. */
export function transformOperation(op: (text: string) => string): TextOperation<void> {
  return { apply: (text) => ({ text: op(text), result: undefined }) };
}

/** One write of an operation: when (clock time), and the text it was applied to and the text written. */
export interface WrittenText {
  readonly lastWriteAt: number;
  readonly before: string;
  readonly after: string;
}

/**
 * Keeps an operation after its write (the extension's `WriteJournal`): the writer hands
 * it every operation it wrote, with the write (its time and texts), so that a process
 * that stays running can put one with `holds` back after later changes of the file.
 */
export interface WriteTracker {
  track(path: string, op: TextOperation<unknown>, written: WrittenText, ifMissing: 'error' | 'create', label?: string): void;
}
