import { TeamFs } from '../fs/team-fs';
import { hashBytes } from '../text/text';

/**
 * A session's turn state, as its own CLI reports it through hooks: working, needs
 * input, turn finished, ended. Every CLI calls `cortex-team hook` (installed by
 * Generate Protocol File), which records the state in one small JSON file per agent
 * and session in the team folder, `.cortex/run/<slug>/<session>.json`, where the
 * dashboard watches it:
 *
 *     {"agent":"billing-dev","state":"needs-input","at":"2026-03-28T10:15:02.114Z",
 *      "event":"Notification","source":"claude-code","message":"Claude needs your permission to use Bash",
 *      "session":"31f2d75a-…","transcript":"/home/me/.claude/projects/-home-me-larkspur/31f2d75a-….jsonl",
 *      "run":"5b0e…"}
 *
 * Per session, because every run of a CLI in the agent's project fires that project's
 * hooks (`claude mcp list` ends with a SessionEnd): one session's report never changes
 * another's state, and a report with no session id is not recorded. `run` is the
 * CORTEX_RUN_ID the dashboard gave the terminal it started the agent in (the hook
 * inherits it from the CLI): which sessions are that terminal's.
 *
 * `.cortex/run/` is ours alone: machine-local, git-ignored (it holds a `.gitignore` of
 * `*`), edited by no agent or person. So a hook writes it without the team files'
 * lock and settle window (an agent's CLI waits for every hook call): a new file
 * renamed over the old one, then read back. A report older than the one on disk
 * never replaces it (hooks can finish out of order); one that a slower hook call
 * replaced with an older report is written again. A second end of an ended session
 * (Gemini CLI fires SessionEnd twice on exit) is not written: the first stays.
 */
export const RUN_STATE_DIR = '.cortex/run';

export const TURN_STATES = ['working', 'needs-input', 'turn-finished', 'ended'] as const;
export type TurnState = (typeof TURN_STATES)[number];

/** The file of one session's state: its id as the name when it is a plain one (UUIDs are), else a hash of it. */
export function runStatePath(slug: string, session: string): string {
  const name = /^[A-Za-z0-9_-]{1,100}$/.test(session) ? session : `h-${hashBytes(new TextEncoder().encode(session)).slice(0, 32)}`;
  return `${RUN_STATE_DIR}/${slug}/${name}.json`;
}

/** `.cortex/run/<slug>/<session>.json` → the slug and the file's name; `undefined` for anything else (a temp file, the `.gitignore`). */
export function runStateFileOf(path: string): { slug: string; name: string } | undefined {
  const m = /^\.cortex\/run\/([^/.][^/]*)\/([^/.][^/]*\.json)$/.exec(path);
  return m ? { slug: m[1], name: m[2] } : undefined;
}

export interface RunState {
  readonly agent: string;
  readonly state: TurnState;
  /** The instant (ISO 8601, UTC) the CLI reported it. */
  readonly at: string;
  /** The CLI's own name for what happened (UserPromptSubmit, Notification, agent-turn-complete…). */
  readonly event: string;
  /** Which CLI reported it. */
  readonly source: string;
  /** What the agent asks (needs input), or the end of its last answer (turn finished). */
  readonly message: string | null;
  readonly session: string | null;
  /** The session's transcript file, when the CLI says where it is. */
  readonly transcript: string | null;
  /** The dashboard's id of the terminal it started the agent in (CORTEX_RUN_ID), when the session runs there. */
  readonly run: string | null;
}

/** What a hook call says, before it is stamped and stored. */
export type HookReport = Omit<RunState, 'agent' | 'at' | 'run'> & { readonly at?: string; readonly run?: string | null };

const MESSAGE_LIMIT = 300;

/**
 * What a CLI's hook payload means (Claude Code, Gemini CLI and Codex hooks send
 * `hook_event_name`; Codex's `notify` program gets `type: "agent-turn-complete"`).
 * `null`: an event that changes no state (SessionStart, a tool about to run…).
 */
export function interpretHook(source: string, payload: unknown): HookReport | null {
  const p = isRecord(payload) ? payload : {};
  const event = text(p.hook_event_name) ?? text(p.type) ?? '';
  const session = text(p.session_id) ?? text(p['thread-id']) ?? null;
  const transcript = text(p.transcript_path) ?? null;
  const base = { event, source, session, transcript };
  const say = (...candidates: unknown[]) => {
    for (const c of candidates) {
      const s = text(c);
      if (s) return s.length > MESSAGE_LIMIT ? s.slice(0, MESSAGE_LIMIT - 1) + '…' : s;
    }
    return null;
  };
  const at = text(p.timestamp);
  const stamped = at && !Number.isNaN(Date.parse(at)) ? { at: new Date(at).toISOString() } : {};
  switch (event) {
    case 'UserPromptSubmit': // Claude Code, Codex
    case 'BeforeAgent': // Gemini CLI
    case 'PostToolUse': // Claude Code, Codex: a tool ran, so any permission question was answered
    case 'AfterTool': // Gemini CLI
      return { ...base, ...stamped, state: 'working', message: null };
    case 'Notification': {
      // Claude Code's idle reminder ("Claude is waiting for your input") comes a while
      // after a finished turn: it asks for nothing new.
      const kind = text(p.notification_type);
      const message = say(p.message, p.details && isRecord(p.details) ? p.details.message : undefined);
      if (kind === 'idle_prompt' || (!kind && message && /waiting for your input/i.test(message))) return { ...base, ...stamped, state: 'turn-finished', message };
      return { ...base, ...stamped, state: 'needs-input', message: message ?? 'The agent asks for input.' };
    }
    case 'PermissionRequest': // Codex, Claude Code
    case 'Elicitation': {
      const input = isRecord(p.tool_input) ? p.tool_input : {};
      // The tool is named (the row and the notification say what is asked), with what it would do.
      const tool = text(p.tool_name);
      const detail = text(p.message) ?? text(input.description) ?? text(input.command);
      const named = tool && !(detail && detail.includes(tool)) ? `Permission to use ${tool}${detail ? `: ${detail}` : ''}` : detail;
      return { ...base, ...stamped, state: 'needs-input', message: say(named) ?? 'The agent asks for permission.' };
    }
    case 'Stop': // Claude Code, Codex
    case 'StopFailure': // Claude Code: the turn ended on an API error
    case 'AfterAgent': // Gemini CLI
    case 'agent-turn-complete': // Codex notify
      return { ...base, ...stamped, state: 'turn-finished', message: say(p.last_assistant_message, p['last-assistant-message'], p.prompt_response, p.error) };
    case 'SessionEnd':
      // Claude Code's /clear ends the session and leaves the CLI at its prompt for the next.
      if (text(p.reason) === 'clear') return { ...base, ...stamped, state: 'turn-finished', message: 'The session was cleared (/clear).' };
      return { ...base, ...stamped, state: 'ended', message: say(p.reason) };
    default:
      return null;
  }
}

/** The file's text for a state. */
export function runStateText(state: RunState): string {
  return JSON.stringify(state) + '\n';
}

/** Reads a state file; `null` when it is not one (half-written, edited by hand, from a later version we cannot read). */
export function parseRunState(raw: string, slug: string): RunState | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(v)) return null;
  const state = v.state;
  const at = text(v.at);
  if (!(TURN_STATES as readonly unknown[]).includes(state) || !at || Number.isNaN(Date.parse(at))) return null;
  return {
    agent: slug,
    state: state as TurnState,
    at,
    event: text(v.event) ?? '',
    source: text(v.source) ?? '',
    message: text(v.message) ?? null,
    session: text(v.session) ?? null,
    transcript: text(v.transcript) ?? null,
    run: text(v.run) ?? null,
  };
}

/** How often a report is written again when a slower hook call put an older one over it. */
const WRITE_ATTEMPTS = 3;

/**
 * Records a report as its session's state (`at` when the report has no time of its
 * own), writing nothing outside `.cortex/run/` and waiting on no lock. Returns the
 * state now on disk: the report's, or the newer one that was already there; `null`
 * for a report with no session id, which is not recorded (whose state would it be?).
 */
/**
 * `replaces`: for a report the dashboard infers (the session log's answer to a question),
 * the state it may replace; any other (a hook's report since, e.g. the turn finished
 * before the log was read) is kept as it is.
 */
export async function recordRunState(fs: TeamFs, slug: string, report: HookReport, at: Date, replaces?: (old: RunState | null) => boolean): Promise<RunState | null> {
  if (!report.session) return null;
  const state: RunState = { agent: slug, state: report.state, at: report.at ?? at.toISOString(), event: report.event, source: report.source, message: report.message, session: report.session, transcript: report.transcript, run: report.run ?? null };
  const file = runStatePath(slug, report.session);
  await ensureIgnored(fs);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const old = await readRunState(fs, file, slug);
    if (old && Date.parse(old.at) > Date.parse(state.at)) return old;
    if (replaces && !replaces(old)) return old;
    // A session ends once: Gemini CLI fires SessionEnd twice on exit; the second changes nothing.
    if (old?.state === 'ended' && state.state === 'ended') return old;
    await replaceFile(fs, file, runStateText(state));
    const now = await readRunState(fs, file, slug);
    if (!now || Date.parse(now.at) >= Date.parse(state.at)) return now ?? state;
  }
  return state;
}

async function readRunState(fs: TeamFs, file: string, slug: string): Promise<RunState | null> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(file);
  } catch {
    return null;
  }
  return parseRunState(new TextDecoder().decode(bytes), slug);
}

/** The `.gitignore` that keeps `.cortex/run/` out of the team's repository. */
async function ensureIgnored(fs: TeamFs): Promise<void> {
  const path = `${RUN_STATE_DIR}/.gitignore`;
  if (await fs.stat(path)) return;
  await replaceFile(fs, path, "# Cortex Team: each agent's turn state on this machine, never synced.\n*\n");
}

/** A new file renamed over the old one: a reader sees the old text or the new, never half of either. */
async function replaceFile(fs: TeamFs, path: string, text: string): Promise<void> {
  const temp = `${path}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  await fs.writeFile(temp, new TextEncoder().encode(text));
  try {
    await fs.rename(temp, path);
  } catch (e) {
    await fs.remove(temp).catch(() => undefined);
    throw e;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-empty trimmed string, else `undefined`. */
function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}
