import { JsonFileOptions, readJsonObject } from '../json/json-edit';
import { JsonNode, property } from '../json/json-reader';
import { isEmptyJson, removeJsonMember } from '../json/json-remove';
import { CLAUDE_CORTEX_ALLOW_RULE, CLAUDE_LOCAL_SETTINGS, CLAUDE_MCP_JSON, CURSOR_MCP_JSON, GEMINI_SETTINGS, OPENCODE_JSON } from '../mcp-wiring/json-configs';
import { CODEX_CONFIG } from '../mcp-wiring/codex-toml';
import { MCP_SERVER_NAME } from '../mcp-wiring/launch';
import { CLAUDE_SETTINGS_PATH, HOOK_SCRIPT_PATH } from '../protocol-file/claude-settings';
import { findHeadingSection } from '../protocol-file/heading-section';
import { HASH_MARKERS, HTML_MARKERS, MarkerStyle, findMarkedSection } from '../protocol-file/marked-section';
import { CLAUDE_SECTION_TITLE, SYSTEM_PROMPT_FILE } from '../protocol-file/protocol';
import { isStateHookCommand } from '../protocol-file/state-hooks';

/**
 * `/leave`: what takes an agent's Cortex part out of its project folder, whichever
 * runtime it was set up for (by the dashboard, `cortex-team protocol`, or the Cortex
 * plugin's /join): the Cortex section of each instruction file, the idle check and the
 * state hooks in the settings, the `cortex` MCP entry and its approval. Every other
 * byte stays; a file left holding nothing (only white space, or only empty JSON
 * objects and lists) is removed, as are Cortex's own files (`.cortex.md`, the idle
 * check script, `cortex-system-prompt.md`). Pure: the caller reads the files and writes
 * or removes what the plans say. A file whose Cortex part cannot be found safely (two
 * sections, a begin marker with no end, invalid JSON, a comment inside an entry) is
 * refused with a `CortexInputError`, and nothing is written. The plugin's older layout
 * (the protocol in `TEAM.md`, a `## Cortex` section in `CLAUDE.md`) comes out too.
 */

export interface LeaveFilePlan {
  /** Relative to the project folder. */
  readonly path: string;
  readonly before: string;
  /** The text to write; `null`: remove the file. */
  readonly after: string | null;
  /** What is taken out, in words. */
  readonly what: string;
}

type Leaver = (text: string, path: string) => { after: string; what: string } | null;

/** Every file the setup may have written, and how its Cortex part comes out. */
const LEAVERS: ReadonlyArray<readonly [string, Leaver]> = [
  ['.cortex.md', ownedProtocol],
  ['CLAUDE.local.md', (t, p) => cut(t, findHeadingSection(t, CLAUDE_SECTION_TITLE, p), `the "## ${CLAUDE_SECTION_TITLE}" section`)],
  [HOOK_SCRIPT_PATH, () => ({ after: '', what: 'the idle check script' })],
  [CLAUDE_SETTINGS_PATH, (t, p) => withoutHooks(t, { file: p, instead: 'take the Cortex hooks out yourself' })],
  [CLAUDE_LOCAL_SETTINGS, claudeLocal],
  [CLAUDE_MCP_JSON, (t, p) => withoutServer(t, { file: p, instead: 'take the cortex server out yourself' }, 'mcpServers')],
  ['AGENTS.md', (t, p) => marked(t, p, HTML_MARKERS)],
  [CODEX_CONFIG, (t, p) => marked(t, p, HASH_MARKERS, 'the cortex MCP server block')],
  ['.cursorrules', (t, p) => marked(t, p, HTML_MARKERS)],
  [CURSOR_MCP_JSON, (t, p) => withoutServer(t, { file: p, comments: true, instead: 'take the cortex server out yourself' }, 'mcpServers')],
  ['GEMINI.md', (t, p) => marked(t, p, HTML_MARKERS)],
  [GEMINI_SETTINGS, gemini],
  [OPENCODE_JSON, (t, p) => withoutServer(t, { file: p, comments: true, instead: 'take the cortex server out yourself' }, 'mcp')],
  [SYSTEM_PROMPT_FILE, ownedProtocol],
  // The plugin's older /join-cortex: the protocol in TEAM.md, a Cortex section in CLAUDE.md.
  ['TEAM.md', ownedProtocol],
  ['CLAUDE.md', (t, p) => cut(t, findHeadingSection(t, CLAUDE_SECTION_TITLE, p), `the "## ${CLAUDE_SECTION_TITLE}" section`)],
];

/** The files `planLeave` reads. */
export const LEAVE_PATHS: readonly string[] = LEAVERS.map(([p]) => p);

/** The plans for the files that hold a Cortex part (`existing(path)`: the text, `undefined` when there is no file). */
export function planLeave(existing: (path: string) => string | undefined): LeaveFilePlan[] {
  const plans: LeaveFilePlan[] = [];
  for (const [path, leave] of LEAVERS) {
    const before = existing(path);
    if (before === undefined) continue;
    const r = leave(before, path);
    if (!r || r.after === before) continue;
    plans.push({ path, before, after: holdsNothing(r.after, path) ? null : r.after, what: r.what });
  }
  return plans;
}

function holdsNothing(text: string, path: string): boolean {
  if (text.replace(/^\uFEFF/, '').trim() === '') return true;
  return path.endsWith('.json') && isEmptyJson(text, true);
}

/** `.cortex.md` / `cortex-system-prompt.md`: Cortex's own; the plugin writes it whole, without markers. */
function ownedProtocol(text: string, path: string): { after: string; what: string } | null {
  if (text.trim() === '') return null;
  const section = findMarkedSection(text, path);
  if (!section) return { after: '', what: 'the protocol' };
  return { after: text.slice(0, section.from) + text.slice(section.to), what: 'the protocol' };
}

function marked(text: string, path: string, markers: MarkerStyle, what = 'the Cortex section'): { after: string; what: string } | null {
  const s = findMarkedSection(text, path, markers);
  return s ? cut(text, { from: s.from, to: s.to }, what) : null;
}

/** `text` without `[from, to)`, and without the blank line that set it apart when it ended the file or sat between blank lines. */
function cut(text: string, range: { from: number; to: number } | null, what: string): { after: string; what: string } | null {
  if (!range) return null;
  let head = text.slice(0, range.from);
  const tail = text.slice(range.to);
  const blankBefore = /(\r?\n)\r?\n$/.exec(head);
  if (blankBefore && (tail === '' || /^\r?\n/.test(tail))) head = head.slice(0, head.length - blankBefore[1].length);
  return { after: head + tail, what };
}

/** Removes members matching `path` until none is left. */
function removeAll(text: string, path: Parameters<typeof removeJsonMember>[1], o: JsonFileOptions): string {
  for (;;) {
    const next = removeJsonMember(text, path, o);
    if (next === text) return text;
    text = next;
  }
}

function withoutServer(text: string, o: JsonFileOptions, key: string): { after: string; what: string } | null {
  readJsonObject(text, o);
  const after = removeJsonMember(text, [key, MCP_SERVER_NAME], o);
  return after === text ? null : { after, what: `the ${MCP_SERVER_NAME} MCP server` };
}

const isString = (value: string) => (n: JsonNode) => n.type === 'string' && n.value === value;

function claudeLocal(text: string, path: string): { after: string; what: string } | null {
  const o = { file: path, instead: `take "${MCP_SERVER_NAME}" and "${CLAUDE_CORTEX_ALLOW_RULE}" out yourself` };
  const approved = removeAll(text, ['enabledMcpjsonServers', { item: isString(MCP_SERVER_NAME) }], o);
  const after = removeAll(approved, ['permissions', 'allow', { item: isString(CLAUDE_CORTEX_ALLOW_RULE) }], o);
  return after === text ? null : { after, what: 'the cortex server approval and its allow rule' };
}

/** A hook command of Cortex's: the idle check script, or the state hook. */
function isOurHook(hook: JsonNode): boolean {
  const command = property(hook, 'command')?.value;
  return command?.type === 'string' && typeof command.value === 'string' && (command.value.includes(HOOK_SCRIPT_PATH) || isStateHookCommand(command.value));
}

/** Every Cortex hook, on every event (an entry that held only Cortex's hook goes with it). */
function withoutHooks(text: string, o: JsonFileOptions): { after: string; what: string } | null {
  const hooks = property(readJsonObject(text, o), 'hooks')?.value;
  if (!hooks || hooks.type !== 'object') return null;
  let after = text;
  for (const event of hooks.properties.map((p) => p.key)) {
    const holdsOurs = (entry: JsonNode) => {
      const inner = property(entry, 'hooks')?.value;
      return inner?.type === 'array' && inner.items.some(isOurHook);
    };
    after = removeAll(after, ['hooks', event, { item: holdsOurs }, 'hooks', { item: isOurHook }], o);
  }
  return after === text ? null : { after, what: 'the Cortex hooks' };
}

function gemini(text: string, path: string): { after: string; what: string } | null {
  const o = { file: path, comments: true, instead: 'take the Cortex entries out yourself' };
  const server = withoutServer(text, o, 'mcpServers');
  const hooks = withoutHooks(server?.after ?? text, o);
  if (!server && !hooks) return null;
  return { after: hooks?.after ?? server!.after, what: [server?.what, hooks?.what].filter(Boolean).join(' and ') };
}

