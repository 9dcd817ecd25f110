import { CortexInputError } from '../edit/errors';
import { describeNode, indentUnit, insertMember, readJsonObject, renderIn } from '../json/json-edit';
import { JsonNode, property } from '../json/json-reader';
import { detectEol } from '../text/text';

/**
 * Claude Code's project settings (`.claude/settings.json`) with the Cortex idle hook
 * registered under `hooks.UserPromptSubmit`:
 *
 *     { "hooks": { "UserPromptSubmit": [ { "hooks": [ { "type": "command", "command": "…" } ] } ] } }
 *
 * The file belongs to the user (permissions, other hooks, env): the entry is added by
 * inserting text at one place (json-edit.ts) — after the array's last entry, or a
 * missing `hooks` / `UserPromptSubmit` property at the end of its object — so every
 * other byte stays as it was, in the file's own indentation and line breaks. Pure
 * text functions.
 */

/** Where the script goes, relative to the project folder. */
export const HOOK_SCRIPT_PATH = '.claude/hooks/cortex-precheck.sh';
export const CLAUDE_SETTINGS_PATH = '.claude/settings.json';

/** The hook command: the script by absolute path, so it runs whatever the session's working folder. */
export const HOOK_COMMAND = `"$CLAUDE_PROJECT_DIR"/${HOOK_SCRIPT_PATH}`;

/** The `UserPromptSubmit` entry Cortex adds. */
export function hookEntry(command: string = HOOK_COMMAND): { hooks: { type: 'command'; command: string }[] } {
  return { hooks: [{ type: 'command', command }] };
}

export type SettingsChange = 'create' | 'add-hook' | 'unchanged';

/**
 * `text` with the Cortex hook entry in `hooks.UserPromptSubmit`. An entry is ours when
 * one of its command hooks names the script (`.claude/hooks/cortex-precheck.sh`, in
 * whatever form: relative, quoted, under `$CLAUDE_PROJECT_DIR`); then nothing changes.
 * `undefined` (no file) or a blank file gives a new file. Text that is not a JSON
 * object, comments, or a `hooks` / `UserPromptSubmit` of the wrong type are refused
 * with a `CortexInputError` that says where.
 */
export function addPromptHook(text: string | undefined, file: string = CLAUDE_SETTINGS_PATH, command: string = HOOK_COMMAND): { after: string; change: SettingsChange } {
  if (text === undefined || text.replace(/^\uFEFF/, '').trim() === '') {
    const bom = text?.startsWith('\uFEFF') ? '\uFEFF' : '';
    return { after: bom + JSON.stringify({ hooks: { UserPromptSubmit: [hookEntry(command)] } }, null, 2) + '\n', change: 'create' };
  }
  const root = readJsonObject(text, { file, instead: 'add the hook yourself' });
  const eol = detectEol(text);
  const unit = indentUnit(text, root);

  const hooks = property(root, 'hooks');
  if (!hooks) return { after: insertMember(text, root, `"hooks": ${renderIn({ UserPromptSubmit: [hookEntry(command)] }, text, root, unit, eol)}`, unit, eol), change: 'add-hook' };
  if (hooks.value.type !== 'object') throw new CortexInputError(`${file}: "hooks" is ${describeNode(hooks.value)}, not an object; nothing was changed.`);
  const hooksObject = hooks.value;

  const prompt = property(hooksObject, 'UserPromptSubmit');
  if (!prompt) {
    return { after: insertMember(text, hooksObject, `"UserPromptSubmit": ${renderIn([hookEntry(command)], text, hooksObject, unit, eol)}`, unit, eol), change: 'add-hook' };
  }
  if (prompt.value.type !== 'array') throw new CortexInputError(`${file}: "hooks.UserPromptSubmit" is ${describeNode(prompt.value)}, not a list; nothing was changed.`);
  if (prompt.value.items.some((entry) => namesScript(entry))) return { after: text, change: 'unchanged' };
  return { after: insertMember(text, prompt.value, renderIn(hookEntry(command), text, prompt.value, unit, eol), unit, eol), change: 'add-hook' };
}

/** An entry with a command hook that runs the Cortex script. */
function namesScript(entry: JsonNode): boolean {
  const hooks = property(entry, 'hooks')?.value;
  if (!hooks || hooks.type !== 'array') return false;
  return hooks.items.some((hook) => {
    const command = property(hook, 'command')?.value;
    return command?.type === 'string' && typeof command.value === 'string' && command.value.includes(HOOK_SCRIPT_PATH);
  });
}
