import { isCoordinator } from '../team/coordinator';
import { findMarkedSection, isMarkerLine, markedBlock, upsertMarkedSection } from './marked-section';
import { findHeadingSection, upsertHeadingSection } from './heading-section';
import { PlaceholderValues, fillTemplate } from './render';
import { detectEol } from '../text/text';
import { CLAUDE_SETTINGS_PATH, HOOK_SCRIPT_PATH, addPromptHook } from './claude-settings';
import { CLAUDE_STATE_EVENTS, GEMINI_SETTINGS_PATH, GEMINI_STATE_EVENTS, addStateHooks } from './state-hooks';
import { MAILBOX_FILE } from '../mailbox/parse';
import { WORKLOG_FILE } from '../worklog/parse';

/**
 * The protocol file an agent reads to take part in a Cortex team, for the runtime it
 * runs in, written into its project folder. What goes into which file:
 *
 * - Claude Code: the protocol in `.cortex.md`, and a `## Cortex` section in
 *   `CLAUDE.local.md` that points to it (the Cortex plugin's own layout); for a worker
 *   also the idle check `.claude/hooks/cortex-precheck.sh` and its entry in
 *   `.claude/settings.json` (`hooks.UserPromptSubmit`), and (when the context has
 *   them) the state hooks that report its turn state to the dashboard (state-hooks.ts);
 * - Codex: a Cortex section in `AGENTS.md` (its state hook, `notify`, is on the
 *   command line the dashboard starts it with);
 * - Cursor: a Cortex section in `.cursorrules`;
 * - Gemini CLI: a Cortex section in `GEMINI.md`, and the state hooks in
 *   `.gemini/settings.json` when the context has them;
 * - OpenCode: a Cortex section in `AGENTS.md`, the project instructions it reads (the
 *   same section as Codex's: one protocol whichever of the two reads it);
 * - any other runtime: the protocol alone in `cortex-system-prompt.md`, for the person
 *   to give the agent as its system prompt (the plugin's "system prompt text"); no MCP
 *   wiring, since Cortex cannot know that runtime's configuration.
 *
 * The coordinator variant goes to the chief of staff (or an agent whose role says it
 * coordinates), the worker variant to everyone else. Pure: the caller reads the
 * templates and the files that exist and writes what `planProtocolFiles` returns.
 */

export type ProtocolRuntime = 'claude-code' | 'codex' | 'cursor' | 'gemini' | 'opencode' | 'other';
export type ProtocolVariant = 'coordinator' | 'worker';

/**
 * How a file is changed: a marked section, a `## Cortex` section, a marked section in
 * a Cortex-owned file, a whole Cortex-owned script, or an entry merged into Claude
 * Code's settings.json.
 */
export type ProtocolFileKind = 'marked' | 'heading' | 'protocol' | 'script' | 'settings';

export interface ProtocolFileSpec {
  /** Relative to the project folder. */
  readonly path: string;
  readonly kind: ProtocolFileKind;
  /** What the file holds: the protocol itself, a pointer to the protocol file, the idle check script, or its hook entry. */
  readonly content: 'protocol' | 'pointer' | 'hook-script' | 'hook-entry' | 'state-hooks';
  /** Written only for these variants (all when absent). */
  readonly variants?: readonly ProtocolVariant[];
  /** Must be executable (a script). */
  readonly executable?: boolean;
  /** Written only when the context has state hooks (`ProtocolContext.stateHooks`). */
  readonly stateHooksOnly?: boolean;
}

export interface RuntimeSpec {
  readonly id: ProtocolRuntime;
  readonly label: string;
  /** The file the agent reads the protocol from. */
  readonly protocolFile: string;
  /** Written in this order (a pointer after the file it points to). */
  readonly files: readonly ProtocolFileSpec[];
  /** `false`: Cortex cannot wire the MCP server in (the person adds it to the runtime's own configuration). */
  readonly mcp?: false;
  /** How the protocol text names the runtime, where its label would not read as a name ("in {{runtime}}"). */
  readonly textName?: string;
}

/** The generic runtime's file: the protocol as a system prompt. */
export const SYSTEM_PROMPT_FILE = 'cortex-system-prompt.md';

export const PROTOCOL_RUNTIMES: readonly RuntimeSpec[] = [
  {
    id: 'claude-code',
    label: 'Claude Code',
    protocolFile: '.cortex.md',
    files: [
      { path: '.cortex.md', kind: 'protocol', content: 'protocol' },
      { path: 'CLAUDE.local.md', kind: 'heading', content: 'pointer' },
      // Idle suppression: the coordinator polls the team even with an empty task file,
      // so only workers get it (as the Cortex plugin's /join does). The script before
      // the settings entry that runs it.
      { path: HOOK_SCRIPT_PATH, kind: 'script', content: 'hook-script', variants: ['worker'], executable: true },
      { path: CLAUDE_SETTINGS_PATH, kind: 'settings', content: 'hook-entry', variants: ['worker'] },
    ],
  },
  { id: 'codex', label: 'Codex', protocolFile: 'AGENTS.md', files: [{ path: 'AGENTS.md', kind: 'marked', content: 'protocol' }] },
  { id: 'cursor', label: 'Cursor', protocolFile: '.cursorrules', files: [{ path: '.cursorrules', kind: 'marked', content: 'protocol' }] },
  {
    id: 'gemini',
    label: 'Gemini CLI',
    protocolFile: 'GEMINI.md',
    files: [
      { path: 'GEMINI.md', kind: 'marked', content: 'protocol' },
      { path: GEMINI_SETTINGS_PATH, kind: 'settings', content: 'state-hooks', stateHooksOnly: true },
    ],
  },
  { id: 'opencode', label: 'OpenCode', protocolFile: 'AGENTS.md', files: [{ path: 'AGENTS.md', kind: 'marked', content: 'protocol' }] },
  { id: 'other', label: 'Other (system prompt)', protocolFile: SYSTEM_PROMPT_FILE, files: [{ path: SYSTEM_PROMPT_FILE, kind: 'protocol', content: 'protocol' }], mcp: false, textName: 'the agent runtime you run in' },
];

/** The files written for `variant` (with the state hooks' own files when `stateHooks`). */
export function filesFor(spec: RuntimeSpec, variant: ProtocolVariant, stateHooks = false): ProtocolFileSpec[] {
  return spec.files.filter((f) => (!f.variants || f.variants.includes(variant)) && (stateHooks || !f.stateHooksOnly));
}

export function runtimeSpec(id: ProtocolRuntime): RuntimeSpec {
  const spec = PROTOCOL_RUNTIMES.find((r) => r.id === id);
  if (!spec) throw new Error(`unknown runtime ${String(id)}`);
  return spec;
}

/** The `## Cortex` heading of CLAUDE.local.md. */
export const CLAUDE_SECTION_TITLE = 'Cortex';

/** Where the texts live, relative to the extension (or package) root. */
export const PROTOCOL_TEMPLATE_DIR = 'templates/protocol';
export const PROTOCOL_TEMPLATE_FILES = {
  worker: 'worker.md',
  coordinator: 'coordinator.md',
  claudeSection: 'claude-local-section.md',
  hookScript: 'cortex-precheck.sh',
} as const;

export type ProtocolTemplates = Readonly<Record<keyof typeof PROTOCOL_TEMPLATE_FILES, string>>;

/** Reads every protocol text with `read` (given a file name in `PROTOCOL_TEMPLATE_DIR`). */
export async function loadProtocolTemplates(read: (name: string) => Promise<string>): Promise<ProtocolTemplates> {
  const keys = Object.keys(PROTOCOL_TEMPLATE_FILES) as Array<keyof typeof PROTOCOL_TEMPLATE_FILES>;
  const texts = await Promise.all(keys.map((k) => read(PROTOCOL_TEMPLATE_FILES[k])));
  return Object.fromEntries(keys.map((k, i) => [k, texts[i]])) as ProtocolTemplates;
}

/**
 * How every worker heartbeat prompt starts: the idle check
 * (`templates/protocol/cortex-precheck.sh`) recognises a tick by it, and the worker
 * protocol tells the agent to use it (as the Cortex plugin's heartbeat does).
 */
export const TICK_PREFIX = 'Cortex tick:';

/** The heartbeat prompt: what the protocol tells an agent to schedule, and what the dashboard's heartbeat driver types. */
export function tickPrompt(tasksPath: string, protocolFile: string): string {
  return `${TICK_PREFIX} check ${tasksPath} for work and continue, following ${protocolFile}`;
}

/** The coordinator protocol for the team's coordinator (see `isCoordinator`), the worker protocol for everyone else. */
export function protocolVariant(agent: { readonly slug: string; readonly role: string | null }): ProtocolVariant {
  return isCoordinator(agent) ? 'coordinator' : 'worker';
}

/** What a protocol is filled with. Paths are as the agent sees them (absolute, its own separators). */
export interface ProtocolContext {
  readonly agentName: string;
  readonly agentSlug: string;
  /** The team folder. */
  readonly teamDir: string;
  /** The agent's project folder (where the files go). */
  readonly project: string;
  readonly heartbeatMinutes: number;
  /** Minutes after which a tick is stale (two heartbeats by default). */
  readonly staleAfterMinutes: number;
  /** `HH:MM`. */
  readonly dailyBriefing: string;
  readonly dailyReview: string;
  /**
   * The `cortex-team hook …` command line each CLI's state hooks run (see
   * core/agents/launch-command.ts `hookShellCommand`); absent: no state hooks.
   */
  readonly stateHooks?: { readonly claudeCode: string; readonly gemini: string };
}

/** Joins onto a folder path with the separator the folder already uses. */
export function joinNative(dir: string, ...parts: string[]): string {
  const sep = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
  const base = dir.endsWith(sep) ? dir.slice(0, -1) : dir;
  return [base, ...parts].join(sep);
}

export function placeholderValues(ctx: ProtocolContext, runtime: ProtocolRuntime): PlaceholderValues {
  const slug = ctx.agentSlug;
  const tasksPath = joinNative(ctx.teamDir, 'agents', slug, 'tasks.md');
  return {
    agent_name: ctx.agentName,
    agent_slug: slug,
    note_path: joinNative(ctx.teamDir, 'agents', slug, `${slug}.md`),
    tasks_path: tasksPath,
    project: ctx.project,
    team_dir: ctx.teamDir,
    agents_dir: joinNative(ctx.teamDir, 'agents'),
    projects_dir: joinNative(ctx.teamDir, 'projects'),
    templates_dir: joinNative(ctx.teamDir, 'templates'),
    worklog_path: joinNative(ctx.teamDir, WORKLOG_FILE),
    mailbox_path: joinNative(ctx.teamDir, MAILBOX_FILE),
    heartbeat_minutes: String(ctx.heartbeatMinutes),
    stale_minutes: String(ctx.staleAfterMinutes),
    daily_briefing: ctx.dailyBriefing,
    daily_review: ctx.dailyReview,
    runtime: runtimeSpec(runtime).textName ?? runtimeSpec(runtime).label,
    protocol_file: runtimeSpec(runtime).protocolFile,
    tick_prompt: tickPrompt(tasksPath, runtimeSpec(runtime).protocolFile),
    tasks_path_sh: shQuote(tasksPath),
  };
}

/** `s` as one POSIX shell word (single quotes; a quote inside as '\''). */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The protocol text (the worker or coordinator template, filled). */
export function renderProtocol(templates: ProtocolTemplates, variant: ProtocolVariant, ctx: ProtocolContext, runtime: ProtocolRuntime): string {
  const name = variant === 'coordinator' ? PROTOCOL_TEMPLATE_FILES.coordinator : PROTOCOL_TEMPLATE_FILES.worker;
  return checkGenerated(fillTemplate(templates[variant], placeholderValues(ctx, runtime), name), name);
}

/** The `## Cortex` section for CLAUDE.local.md. */
export function renderClaudeSection(templates: ProtocolTemplates, ctx: ProtocolContext): string {
  const name = PROTOCOL_TEMPLATE_FILES.claudeSection;
  return checkGenerated(fillTemplate(templates.claudeSection, placeholderValues(ctx, 'claude-code'), name), name);
}

/** The idle check script for `.claude/hooks/cortex-precheck.sh`, with the agent's task file written in. */
export function renderHookScript(templates: ProtocolTemplates, ctx: ProtocolContext): string {
  return fillTemplate(templates.hookScript, placeholderValues(ctx, 'claude-code'), PROTOCOL_TEMPLATE_FILES.hookScript);
}

function checkGenerated(text: string, name: string): string {
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (isMarkerLine(line)) throw new Error(`${name} produced a Cortex marker line ("${line.trim()}"), which would end the section early.`);
  }
  return text;
}

export type ProtocolChange = 'create' | 'add-section' | 'replace-section' | 'replace-file' | 'add-hook' | 'unchanged';

export interface ProtocolFilePlan {
  /** Relative to the project folder. */
  readonly path: string;
  /** The file's text now; `undefined` when there is no file. */
  readonly before: string | undefined;
  /** The text to write. */
  readonly after: string;
  readonly change: ProtocolChange;
}

/**
 * What to write for `runtime`: one plan per file, from the current texts
 * (`existing(path)`: `undefined` when the file does not exist). Throws a
 * `CortexInputError` when a file's Cortex section cannot be found safely.
 */
export function planProtocolFiles(
  runtime: ProtocolRuntime,
  variant: ProtocolVariant,
  ctx: ProtocolContext,
  templates: ProtocolTemplates,
  existing: (path: string) => string | undefined,
): ProtocolFilePlan[] {
  const spec = runtimeSpec(runtime);
  const protocol = renderProtocol(templates, variant, ctx, runtime);
  const content = (file: ProtocolFileSpec): string => {
    switch (file.content) {
      case 'protocol':
        return protocol;
      case 'pointer':
        return renderClaudeSection(templates, ctx);
      case 'hook-script':
        return renderHookScript(templates, ctx);
      case 'hook-entry':
      case 'state-hooks':
        return '';
    }
  };
  return filesFor(spec, variant, !!ctx.stateHooks).map((file) => {
    const before = existing(file.path);
    const { after, change } = withStateHooks(file, runtime, ctx, planFile(file, before, content(file)));
    return { path: file.path, before, after, change: before !== undefined && after === before ? 'unchanged' : change };
  });
}

/** A settings file's plan with the state hooks added (Claude Code's after its idle hook; Gemini CLI's alone). */
function withStateHooks(file: ProtocolFileSpec, runtime: ProtocolRuntime, ctx: ProtocolContext, plan: { after: string; change: ProtocolChange }): { after: string; change: ProtocolChange } {
  if (file.kind !== 'settings' || !ctx.stateHooks) return plan;
  const gemini = runtime === 'gemini';
  const events = gemini ? GEMINI_STATE_EVENTS : CLAUDE_STATE_EVENTS;
  const added = addStateHooks(plan.after === '' ? undefined : plan.after, file.path, events, gemini ? ctx.stateHooks.gemini : ctx.stateHooks.claudeCode, gemini);
  if (added.change === 'unchanged') return plan;
  return { after: added.after, change: plan.change === 'create' ? 'create' : 'add-hook' };
}

function planFile(file: ProtocolFileSpec, before: string | undefined, content: string): { after: string; change: ProtocolChange } {
  if (file.kind === 'settings' && file.content === 'state-hooks') return { after: before ?? '', change: before === undefined ? 'create' : 'unchanged' };
  if (file.kind === 'settings') return addPromptHook(before, file.path);
  if (file.kind === 'script') {
    // Cortex's own file: written whole, in its own (LF) line breaks for sh.
    return { after: content, change: before === undefined ? 'create' : 'replace-file' };
  }
  if (file.kind === 'heading') {
    const after = upsertHeadingSection(before, CLAUDE_SECTION_TITLE, content, file.path);
    if (before === undefined) return { after, change: 'create' };
    return { after, change: findHeadingSection(before, CLAUDE_SECTION_TITLE, file.path) ? 'replace-section' : 'add-section' };
  }
  if (before === undefined) return { after: upsertMarkedSection(undefined, content, file.path), change: 'create' };
  const section = findMarkedSection(before, file.path);
  if (section) return { after: upsertMarkedSection(before, content, file.path), change: 'replace-section' };
  if (file.kind === 'protocol' && before.trim() !== '') {
    // A protocol file from before the markers (the Cortex plugin's own /join writes the
    // whole file): it is the protocol, so it is replaced as a whole.
    const eol = detectEol(before);
    const bom = before.startsWith('\uFEFF') ? '\uFEFF' : '';
    return { after: bom + markedBlock(content, eol) + eol, change: 'replace-file' };
  }
  return { after: upsertMarkedSection(before, content, file.path), change: 'add-section' };
}

/** How a plan changes its file, in words ("creates", "replaces the Cortex section of"…), for prompts and messages. */
export function describeChange(plan: Pick<ProtocolFilePlan, 'change' | 'path'>, spec?: ProtocolFileSpec): string {
  const section = spec?.kind === 'heading' ? `the "## ${CLAUDE_SECTION_TITLE}" section` : 'the Cortex section';
  switch (plan.change) {
    case 'create':
      return `creates ${plan.path}`;
    case 'add-hook':
      return `adds the Cortex hook to ${plan.path}`;
    case 'add-section':
      return `adds ${section} to ${plan.path}`;
    case 'replace-section':
      return `replaces ${section} of ${plan.path}`;
    case 'replace-file':
      return spec?.kind === 'script' ? `replaces ${plan.path}` : `replaces ${plan.path} (an earlier protocol file without Cortex markers)`;
    case 'unchanged':
      return `${plan.path} is up to date`;
  }
}
