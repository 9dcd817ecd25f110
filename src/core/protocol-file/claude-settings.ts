import { CortexInputError } from '../errors';
import { JsonArray, JsonNode, JsonObject, LineIndex, property, readJson } from '../json/json-reader';
import { Eol, detectEol } from '../text';

/**
 * Claude Code's project settings (`.claude/settings.json`) with the Cortex idle hook
 * registered under `hooks.UserPromptSubmit`:
 *
 *     { "hooks": { "UserPromptSubmit": [ { "hooks": [ { "type": "command", "command": "…" } ] } ] } }
 *
 * The file belongs to the user (permissions, other hooks, env): the entry is added by
 * inserting text at one place — after the array's last entry, or a missing `hooks` /
 * `UserPromptSubmit` property at the end of its object — so every other byte stays as
 * it was, in the file's own indentation and line breaks. Pure text functions.
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
  const read = readJson(text);
  if (!read.ok) {
    const at = new LineIndex(text).position(read.error.offset);
    const where = `line ${at.line + 1}, column ${at.column + 1}`;
    // The reader names a comment only where a value is due; a "//" or "/*" where a key or a comma is due is one too.
    const comment = /^\/[/*]/.test(text.slice(read.error.offset, read.error.offset + 2));
    const why = comment
      ? `has a comment (${where}); settings.json is plain JSON, which has no comments`
      : `is not valid JSON (${where}: ${read.error.message})`;
    throw new CortexInputError(`${file} ${why}. Fix it, or add the hook yourself; nothing was changed.`);
  }
  const root = read.root;
  if (root.type !== 'object') throw new CortexInputError(`${file} holds ${article(root)}, not a JSON object; nothing was changed.`);
  const eol = detectEol(text);
  const unit = indentUnit(text, root);

  const hooks = property(root, 'hooks');
  if (!hooks) return { after: insertMember(text, root, `"hooks": ${render({ UserPromptSubmit: [hookEntry(command)] }, text, root, unit, eol)}`, unit, eol), change: 'add-hook' };
  if (hooks.value.type !== 'object') throw new CortexInputError(`${file}: "hooks" is ${article(hooks.value)}, not an object; nothing was changed.`);
  const hooksObject = hooks.value;

  const prompt = property(hooksObject, 'UserPromptSubmit');
  if (!prompt) {
    return { after: insertMember(text, hooksObject, `"UserPromptSubmit": ${render([hookEntry(command)], text, hooksObject, unit, eol)}`, unit, eol), change: 'add-hook' };
  }
  if (prompt.value.type !== 'array') throw new CortexInputError(`${file}: "hooks.UserPromptSubmit" is ${article(prompt.value)}, not a list; nothing was changed.`);
  if (prompt.value.items.some((entry) => namesScript(text, entry))) return { after: text, change: 'unchanged' };
  return { after: insertMember(text, prompt.value, render(hookEntry(command), text, prompt.value, unit, eol), unit, eol), change: 'add-hook' };
}

/** An entry with a command hook that runs the Cortex script. */
function namesScript(text: string, entry: JsonNode): boolean {
  const hooks = property(entry, 'hooks')?.value;
  if (!hooks || hooks.type !== 'array') return false;
  return hooks.items.some((hook) => {
    const command = property(hook, 'command')?.value;
    return command?.type === 'string' && typeof command.value === 'string' && command.value.includes(HOOK_SCRIPT_PATH);
  });
}

/**
 * Inserts `member` (a property `"key": value` or an array item, already indented for
 * its place) as the last member of `container`: after the current last one with a
 * comma, on its own line when the members are one per line; into an empty container
 * on a line of its own.
 */
function insertMember(text: string, container: JsonObject | JsonArray, member: string, unit: string, eol: Eol): string {
  const members: readonly JsonNode[] = container.type === 'object' ? container.properties.map((p) => p.value) : container.items;
  const close = container.offset + container.length - 1;
  if (members.length === 0) {
    const indent = lineIndent(text, container.offset);
    return text.slice(0, container.offset + 1) + eol + indent + unit + member + eol + indent + text.slice(close);
  }
  const last = members[members.length - 1];
  const end = last.offset + last.length;
  const firstStart = container.type === 'object' ? container.properties[0].keyOffset : members[0].offset;
  const multiline = /[\r\n]/.test(text.slice(container.offset + 1, firstStart));
  const lastStart = container.type === 'object' ? container.properties[container.properties.length - 1].keyOffset : last.offset;
  const glue = multiline ? `,${eol}${lineIndent(text, lastStart)}` : ', ';
  return text.slice(0, end) + glue + member + text.slice(end);
}

/** `value` as JSON laid out like the file: one member per line, indented one level deeper than `container`'s members. */
function render(value: unknown, text: string, container: JsonObject | JsonArray, unit: string, eol: Eol): string {
  const members = container.type === 'object' ? container.properties.map((p) => p.keyOffset) : container.items.map((i) => i.offset);
  const compact = members.length > 0 && !/[\r\n]/.test(text.slice(container.offset + 1, members[0]));
  if (compact) return JSON.stringify(value);
  const indent = members.length > 0 ? lineIndent(text, members[members.length - 1]) : lineIndent(text, container.offset) + unit;
  return JSON.stringify(value, null, unit)
    .split('\n')
    .map((line, i) => (i === 0 ? line : indent + line))
    .join(eol);
}

/** The spaces or tabs at the start of the line that holds `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = Math.max(text.lastIndexOf('\n', offset - 1) + 1, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** One level of indentation as the file writes it: the indent of the root's first member on its own line; two spaces otherwise. */
function indentUnit(text: string, root: JsonObject): string {
  const first = root.properties[0];
  if (first && /[\r\n]/.test(text.slice(root.offset + 1, first.keyOffset))) {
    const outer = lineIndent(text, root.offset);
    const inner = lineIndent(text, first.keyOffset);
    if (inner.length > outer.length && inner.startsWith(outer)) return inner.slice(outer.length);
  }
  return '  ';
}

function article(node: JsonNode): string {
  switch (node.type) {
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return `a ${node.type}`;
  }
}
