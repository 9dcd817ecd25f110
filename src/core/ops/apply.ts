import { EditOptions, editFile } from '../edit';
import { TeamFs } from '../fs/team-fs';

/**
 * Runs a text operation that returns its new text with facts about it (`{ text, … }`)
 * through `editFile`, and returns those facts as of the attempt that was written (the
 * operation runs again when the file changed underneath).
 */
export async function applyTextOp<R extends { readonly text: string }>(fs: TeamFs, path: string, op: (text: string) => R, opts: EditOptions = {}): Promise<R> {
  let result: R | undefined;
  await editFile(
    fs,
    path,
    (text) => {
      result = op(text);
      return result.text;
    },
    opts,
  );
  return result!;
}
