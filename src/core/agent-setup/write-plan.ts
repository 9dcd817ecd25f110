import { EditOptions, createExclusive, editFile, readTextFile } from '../edit/edit-file';
import { CortexConflictError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { encodeText } from '../text/text';

/** The part of a plan a write needs: where, the text it was planned from, the text to write. */
export interface PlannedText {
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string;
}

/**
 * Writes one previewed plan through the one writer: created only where nothing is,
 * edited only where the text is still what the preview showed (`shownAs` names the file
 * in the refusal). A file that changed underneath is a `CortexConflictError`, and
 * nothing is written.
 */
export async function writePlannedText(fs: TeamFs, plan: PlannedText, shownAs: string = plan.path, opts: EditOptions = {}): Promise<void> {
  if (plan.before === undefined) {
    if (!(await createExclusive(fs, plan.path, encodeText(plan.after), opts))) {
      throw new CortexConflictError(`${shownAs} was created by another program after the preview`, plan.path);
    }
  } else {
    await editFile(
      fs,
      plan.path,
      (text) => {
        if (text !== plan.before) throw new CortexConflictError(`${shownAs} changed on disk after the preview`, plan.path);
        return plan.after;
      },
      opts,
    );
  }
}

/**
 * Removes a file that `/leave` planned to remove, only while it still holds the text
 * the plan was made from (read just before; a file that changed is a
 * `CortexConflictError`, and stays). Only Cortex's own files and files left holding
 * nothing are ever removed.
 */
export async function removePlannedFile(fs: TeamFs, plan: { readonly path: string; readonly before: string }, shownAs: string = plan.path): Promise<void> {
  const now = await readTextFile(fs, plan.path);
  if (now === undefined) return;
  if (now !== plan.before) throw new CortexConflictError(`${shownAs} changed on disk after the preview`, plan.path);
  await fs.remove(plan.path);
}
