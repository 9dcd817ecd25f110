import { TeamFs } from '../fs/team-fs';
import { decodeText } from '../text/text';
import { systemClock } from './clock';
import { transformOperation } from './operation';
import { thisProcess } from './process-info';
import { readOnce, snapshotOf } from './settled-read';
import { LEFTOVER_MS, sweepFolder } from './sweep';
import { WriteOptions, writeOperation } from './writer';

/**
 * The core's only way to change a file: every write is an operation applied to the
 * text as it is on disk right now, through the one writer in edit/writer.ts (lock,
 * fresh read, the operation, atomic and durable replace, read-back, re-apply when
 * another program's stale write removed the change). The core never serializes a
 * file from its model.
 *
 *     writeOperation(fs, path, op, opts)   a TextOperation (apply + holds): watched after the write
 *     editFile(fs, path, (text) => text')  a plain transform: applied once, read back
 *     createExclusive(fs, path, bytes)     a new file, only if nothing is there
 *     WriteJournal                         operations not yet confirmed, re-applied on change
 *     SettleWatches                        settle windows going on after the write answered (the MCP server)
 *
 * See edit/writer.ts for what is guaranteed against programs that do not take the
 * lock, edit/journal.ts for the journal.
 */

export type EditOptions = WriteOptions;

export interface EditResult {
  /** False when the operation left the text as it was (nothing was written). */
  readonly changed: boolean;
  /** The text the operation was last applied to. */
  readonly before: string;
  /** The text now in the file (as written by this edit). */
  readonly after: string;
  /** How many times the operation ran. */
  readonly attempts: number;
}

/** A text transform applied to the file's current content; throws `CortexInputError` for bad input. */
export type EditOp = (text: string) => string;

/**
 * Applies `op` to the current text of `path` and writes the result through the one
 * writer. A plain transform cannot tell whether a later text still has its effect,
 * so it is not re-applied after another program's write (a `TextOperation` with
 * `holds` is; see `writeOperation`). Nothing is written when the text is unchanged
 * or when `op` throws.
 */
export async function editFile(fs: TeamFs, path: string, op: EditOp, opts: EditOptions = {}): Promise<EditResult> {
  const r = await writeOperation(fs, path, transformOperation(op), opts);
  return { changed: r.changed, before: r.before, after: r.after, attempts: r.attempts };
}

/**
 * Creates `path` with `bytes` only when nothing is there, through the writer (so
 * durable, under the lock, never through a link). Returns false (and writes nothing)
 * when the file exists.
 */
export async function createExclusive(fs: TeamFs, path: string, bytes: Uint8Array, opts: EditOptions = {}): Promise<boolean> {
  const content = decodeText(bytes);
  const r = await writeOperation(
    fs,
    path,
    { apply: (text, file) => (file.exists ? { text, result: false } : { text: content, result: true }) },
    { ...opts, ifMissing: 'create' },
  );
  return r.changed && r.result;
}

/** A file's text (see `decodeText`); `undefined` when missing; `CortexInputError` when it is not UTF-8. */
export async function readTextFile(fs: TeamFs, path: string): Promise<string | undefined> {
  const bytes = await readOnce(fs, path);
  return bytes === undefined ? undefined : snapshotOf(path, bytes).text;
}

/**
 * Removes temp files killed writers left next to `path` (see edit/sweep.ts): those of
 * processes no longer running at once, unidentifiable ones older than `olderThanMs`.
 */
export function sweepLeftovers(fs: TeamFs, path: string, olderThanMs = LEFTOVER_MS): Promise<string[]> {
  return sweepFolder(fs, path, { clock: systemClock, who: thisProcess, olderThanMs });
}
