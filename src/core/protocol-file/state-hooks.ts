import { CortexInputError } from '../edit/errors';
import { describeNode, indentUnit, insertMember, readJsonObject, renderIn, setJsonValue } from '../json/json-edit';
import { JsonNode, JsonScalar, property } from '../json/json-reader';
import { detectEol } from '../text/text';

/**
 * The state hooks: entries in an agent CLI's JSON settings that run
 * `cortex-team hook --team … --agent … --source …` on the events that change its turn
 * state (see core/agents/run-state.ts), so the dashboard sees working, needs input and
 * turn finished for an agent however it was started. Claude Code and Gemini CLI share
 * the shape:
 *
 *     { "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "…" } ] } ] } }
 *
 * Each event gets one Cortex entry, added by inserting text (json-edit.ts) so every
 * other byte of the user's file stays; an entry already there (a command hook that
 * runs `… hook --team … --agent …`) is kept, and its command replaced only when it
 * differs (the extension moved, the team folder moved). Codex has no such file: its
 * `notify` program is given on the command line the dashboard starts it with. Pure
 * text functions.
 */

/**
 * Only the events that change what the dashboard shows: the CLI waits for every hook
 * call, so none runs per tool call (PostToolUse / AfterTool, which earlier versions
 * installed, cost a process per tool). Claude Code: a prompt starts a turn, it asks
 * for a permission (PermissionRequest, as the dialog opens; Notification for the rest
 * and its idle reminder), a turn ends (or fails), the session ends. What follows an
 * answered permission is read from the session's transcript.
 */
export const CLAUDE_STATE_EVENTS = ['UserPromptSubmit', 'PermissionRequest', 'Notification', 'Stop', 'StopFailure', 'SessionEnd'] as const;
/** Gemini CLI (0.61 has hooks): the same moments under its own names. */
export const GEMINI_STATE_EVENTS = ['BeforeAgent', 'Notification', 'AfterAgent', 'SessionEnd'] as const;
/** Events earlier versions installed the state hook on (one process per tool call): its entry there is taken out again. */
export const RETIRED_STATE_EVENTS = ['PostToolUse', 'AfterTool'] as const;

export const GEMINI_SETTINGS_PATH = '.gemini/settings.json';

/** The name Gemini CLI shows for the hook (its `/hooks panel`). */
const HOOK_NAME = 'cortex-state';

/** A command that is Cortex's state hook, in whatever form cortex-team is run. */
export function isStateHookCommand(command: string): boolean {
  // The bundled dist/cli.js, the stable launcher (cortex-team.js), or cortex-team on PATH.
  return /(^|[\s/'"])(cli\.js|cortex-team(\.js)?)'?\s+hook\s+--team\s/.test(command);
}

export type StateHooksChange = 'create' | 'add-hook' | 'unchanged';

/**
 * `text` with the state hook `command` on every event in `events`. `gemini`: Gemini
 * CLI's settings.json, whose hooks carry a `name` and which may hold comments. Refuses, with a `CortexInputError` that says where, text that is
 * not a JSON object, comments where it must write, or `hooks` / an event of the wrong type.
 */
export function addStateHooks(text: string | undefined, file: string, events: readonly string[], command: string, gemini = false): { after: string; change: StateHooksChange } {
  const entry = { hooks: [{ ...(gemini ? { name: HOOK_NAME } : {}), type: 'command', command }] };
  let t = text;
  let changed = false;
  const created = text === undefined || text.replace(/^\uFEFF/, '').trim() === '';
  const o = { file, instead: 'add the hooks yourself', comments: gemini };
  for (const event of events) {
    const next = addOne(t, event, entry, command, o);
    if (next !== t) changed = true;
    t = next;
  }
  for (const event of RETIRED_STATE_EVENTS) {
    if (events.includes(event) || t === undefined) continue;
    const next = removeOurs(t, event, o);
    if (next !== t) changed = true;
    t = next;
  }
  if (!changed || t === undefined) return { after: text ?? '', change: 'unchanged' };
  return { after: t, change: created ? 'create' : 'add-hook' };
}

function addOne(text: string | undefined, event: string, entry: unknown, command: string, o: { file: string; instead: string }): string {
  if (text === undefined || text.replace(/^\uFEFF/, '').trim() === '') return setJsonValue(text, ['hooks', event], [entry], o).after;
  const root = readJsonObject(text, o);
  const hooks = property(root, 'hooks');
  if (hooks && hooks.value.type !== 'object') throw new CortexInputError(`${o.file}: "hooks" is ${describeNode(hooks.value)}, not an object; nothing was changed.`);
  const list = hooks && hooks.value.type === 'object' ? property(hooks.value, event) : undefined;
  if (!list) return setJsonValue(text, ['hooks', event], [entry], o).after;
  if (list.value.type !== 'array') throw new CortexInputError(`${o.file}: "hooks.${event}" is ${describeNode(list.value)}, not a list; nothing was changed.`);
  const ours = list.value.items.map(stateCommandOf).find((c) => c !== undefined);
  if (ours) return ours.value === command ? text : text.slice(0, ours.offset) + JSON.stringify(command) + text.slice(ours.offset + ours.length);
  return insertMember(text, list.value, renderIn(entry, text, list.value, indentUnit(text, root), detectEol(text)), indentUnit(text, root), detectEol(text));
}

/**
 * `text` without Cortex's entry on `event` (an entry whose only hook is the state hook),
 * and without the event's list when that entry was all it held. Nothing is taken out
 * where a comment would go with it.
 */
function removeOurs(text: string, event: string, o: { file: string; instead: string; comments?: boolean }): string {
  const root = readJsonObject(text, o);
  const hooks = property(root, 'hooks');
  if (!hooks || hooks.value.type !== 'object') return text;
  const list = property(hooks.value, event);
  if (!list || list.value.type !== 'array') return text;
  const items = list.value.items;
  const index = items.findIndex((item) => {
    const inner = property(item, 'hooks')?.value;
    return inner?.type === 'array' && inner.items.length === 1 && stateCommandOf(item) !== undefined;
  });
  if (index < 0) return text;
  if (items.length > 1) return withoutMember(text, items.map((i) => i.offset), items.map((i) => i.offset + i.length), index, list.value);
  const props = hooks.value.properties;
  return withoutMember(text, props.map((p) => p.keyOffset), props.map((p) => p.value.offset + p.value.length), props.indexOf(list), hooks.value);
}

/** `text` without the member `i` of a container (its start and end offsets given) and the comma that joins it; unchanged when a comment lies in the way. */
function withoutMember(text: string, starts: readonly number[], ends: readonly number[], i: number, container: JsonNode): string {
  let from: number;
  let to: number;
  if (i + 1 < starts.length) [from, to] = [starts[i], starts[i + 1]];
  else if (i > 0) [from, to] = [ends[i - 1], ends[i]];
  // The only member: the container is left empty.
  else [from, to] = [container.offset + 1, container.offset + container.length - 1];
  const span = text.slice(from, to);
  if (/\/\/|\/\*/.test(span.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return text;
  return text.slice(0, from) + text.slice(to);
}

/** The command string node of an entry's Cortex state hook, if it has one. */
function stateCommandOf(entry: JsonNode): JsonScalar | undefined {
  const hooks = property(entry, 'hooks')?.value;
  if (!hooks || hooks.type !== 'array') return undefined;
  for (const hook of hooks.items) {
    const command = property(hook, 'command')?.value;
    if (command?.type === 'string' && typeof command.value === 'string' && isStateHookCommand(command.value)) return command;
  }
  return undefined;
}
