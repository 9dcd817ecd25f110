import { ProtocolRuntime } from '../protocol-file/protocol';
import { CODEX_CONFIG, codexConfig, codexTrust } from './codex-toml';
import {
  CLAUDE_HOME_STATE,
  CLAUDE_LOCAL_SETTINGS,
  CLAUDE_MCP_JSON,
  CURSOR_MCP_JSON,
  GEMINI_SETTINGS,
  GEMINI_TRUSTED_FOLDERS,
  OPENCODE_JSON,
  claudeApproval,
  claudeMcpJson,
  claudeTrust,
  cursorMcpJson,
  geminiSettings,
  geminiTrust,
  opencodeJson,
} from './json-configs';
import { MCP_SERVER_NAME, McpLaunch } from './launch';

/**
 * What wiring the Cortex MCP server into one agent kind writes: the project's own
 * files (`project`), and the trust the agent needs in the user's home before it loads
 * a project's servers (`home`; those belong to the user and are only ever offered).
 * Pure: the caller reads the files that exist and writes what the plan says, the same
 * way as Generate Protocol File's plans.
 */
export type WiringChange = 'create' | 'add-entry' | 'replace-entry' | 'unchanged';

export interface WiringFilePlan {
  /** Relative to the project folder (`project`) or to the home folder (`home`). */
  readonly path: string;
  readonly scope: 'project' | 'home';
  /** The file's text now; `undefined` when there is no file. */
  readonly before: string | undefined;
  readonly after: string;
  readonly change: WiringChange;
  /** What the file does for the agent, for a preview. */
  readonly purpose: string;
}

type Edit = { readonly after: string; readonly change: 'create' | 'add' | 'replace' | 'unchanged' };

function plan(path: string, scope: WiringFilePlan['scope'], purpose: string, before: string | undefined, edit: (text: string | undefined) => Edit): WiringFilePlan {
  const r = edit(before);
  const change: WiringChange = r.change === 'add' ? 'add-entry' : r.change === 'replace' ? 'replace-entry' : r.change;
  return { path, scope, before, after: r.after, change, purpose };
}

/** The project files that make `runtime` start the Cortex server (`existing(path)`: a file's text, `undefined` when missing). */
export function planMcpWiring(runtime: ProtocolRuntime, launch: McpLaunch, existing: (path: string) => string | undefined): WiringFilePlan[] {
  switch (runtime) {
    case 'claude-code':
      return [
        plan(CLAUDE_MCP_JSON, 'project', 'the Cortex MCP server for Claude Code', existing(CLAUDE_MCP_JSON), (t) => claudeMcpJson(t, launch)),
        plan(CLAUDE_LOCAL_SETTINGS, 'project', 'approves that project server, so Claude Code starts it without asking, and allows its tools, so the agent never stops to ask about its own queue', existing(CLAUDE_LOCAL_SETTINGS), claudeApproval),
      ];
    case 'codex':
      return [plan(CODEX_CONFIG, 'project', 'the Cortex MCP server for Codex, its tools approved', existing(CODEX_CONFIG), (t) => codexConfig(t, launch))];
    case 'gemini':
      return [plan(GEMINI_SETTINGS, 'project', 'the Cortex MCP server for Gemini CLI, trusted, so its tools run without confirmation', existing(GEMINI_SETTINGS), (t) => geminiSettings(t, launch))];
    case 'cursor':
      return [plan(CURSOR_MCP_JSON, 'project', 'the Cortex MCP server for Cursor', existing(CURSOR_MCP_JSON), (t) => cursorMcpJson(t, launch))];
    case 'opencode':
      return [plan(OPENCODE_JSON, 'project', 'the Cortex MCP server for OpenCode', existing(OPENCODE_JSON), (t) => opencodeJson(t, launch))];
    case 'other':
      // Its configuration is its own: the person adds the server (`cortex-team mcp …`) there.
      return [];
  }
}

/**
 * The home files that trust `project` (an absolute path, as the agent sees it) for
 * `runtime`; none for Cursor, which asks in its own window, nor for OpenCode and the
 * generic runtime, which have no trust step Cortex knows of.
 */
export function planAgentTrust(runtime: ProtocolRuntime, project: string, existingHome: (path: string) => string | undefined): WiringFilePlan[] {
  switch (runtime) {
    case 'claude-code':
      return [plan(CLAUDE_HOME_STATE, 'home', 'trusts the project folder in Claude Code', existingHome(CLAUDE_HOME_STATE), (t) => claudeTrust(t, project))];
    case 'codex':
      return [plan(CODEX_CONFIG, 'home', "trusts the project, so Codex reads its .codex/config.toml", existingHome(CODEX_CONFIG), (t) => codexTrust(t, project))];
    case 'gemini':
      return [plan(GEMINI_TRUSTED_FOLDERS, 'home', 'trusts the project folder, so Gemini CLI loads its settings', existingHome(GEMINI_TRUSTED_FOLDERS), (t) => geminiTrust(t, project))];
    case 'cursor':
    case 'opencode':
    case 'other':
      return [];
  }
}

/** How a wiring plan changes its file, in words, for prompts ("adds the cortex MCP server to .mcp.json"). */
export function describeWiringChange(plan: Pick<WiringFilePlan, 'path' | 'scope' | 'change'>, project?: string): string {
  const file = plan.scope === 'home' ? `~/${plan.path}` : plan.path;
  if (plan.change === 'unchanged') return `${file} is up to date`;
  if (plan.scope === 'home') return `trusts ${project ?? 'the project folder'} in ${file}`;
  if (plan.change === 'create') return `creates ${file}`;
  if (plan.path === CLAUDE_LOCAL_SETTINGS) return `approves the ${MCP_SERVER_NAME} server and allows its tools in ${file}`;
  return `${plan.change === 'add-entry' ? 'adds' : 'replaces'} the ${MCP_SERVER_NAME} MCP server ${plan.change === 'add-entry' ? 'to' : 'in'} ${file}`;
}

/** What writing a wiring plan did, in a few words ("created", "cortex MCP server added"…). */
export function wiringPastTense(plan: Pick<WiringFilePlan, 'path' | 'scope' | 'change'>): string {
  if (plan.change === 'unchanged') return 'up to date';
  if (plan.change === 'create') return 'created';
  if (plan.scope === 'home') return 'folder trusted';
  if (plan.path === CLAUDE_LOCAL_SETTINGS) return `${MCP_SERVER_NAME} server approved, its tools allowed`;
  return `${MCP_SERVER_NAME} MCP server ${plan.change === 'add-entry' ? 'added' : 'replaced'}`;
}

/** The project files `runtime`'s wiring may write (for reading them before planning). */
export function wiringPaths(runtime: ProtocolRuntime): string[] {
  return planMcpWiring(runtime, { command: '', args: [] }, () => undefined).map((p) => p.path);
}

/** The home files `runtime`'s trust step may write; none for Cursor. */
export function trustPaths(runtime: ProtocolRuntime): string[] {
  return planAgentTrust(runtime, '/', () => undefined).map((p) => p.path);
}
