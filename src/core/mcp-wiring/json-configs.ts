import { JsonEdit, addJsonListItem, setJsonValue } from '../json/json-edit';
import { MCP_SERVER_NAME, McpLaunch, stdioEntry } from './launch';

/**
 * The Cortex server in the JSON configurations of Claude Code, Gemini CLI and Cursor,
 * and the trust each needs in the user's home, merged by inserting text
 * (json-edit.ts): the `cortex` entry is ours and replaced when it differs, every other
 * byte of the file stays. What each agent reads (checked against the real CLIs):
 *
 * - Claude Code: `<project>/.mcp.json` `mcpServers.cortex`; the project server is
 *   approved in `<project>/.claude/settings.local.json` `enabledMcpjsonServers` and its
 *   tools allowed there (`permissions.allow`: `mcp__cortex`), and the
 *   folder trusted in `~/.claude.json` `projects["<project>"].hasTrustDialogAccepted`.
 *   Plain JSON.
 * - Gemini CLI: `<project>/.gemini/settings.json` `mcpServers.cortex` (with `trust: true`,
 *   so its tools run without confirmation), loaded only in a
 *   trusted folder: `~/.gemini/trustedFolders.json` `{"<project>": "TRUST_FOLDER"}`.
 *   JSON with comments.
 * - Cursor: `<project>/.cursor/mcp.json` `mcpServers.cortex` (JSON with comments read
 *   as such; Cursor asks the user to enable a new project server itself).
 * - OpenCode: `<project>/opencode.json` `mcp.cortex`, its own shape: `type: "local"`,
 *   the command and its arguments as one list, `enabled: true` (OpenCode's MCP servers
 *   documentation). JSON with comments; no trust step.
 */
export const CLAUDE_MCP_JSON = '.mcp.json';
export const CLAUDE_LOCAL_SETTINGS = '.claude/settings.local.json';
export const CLAUDE_HOME_STATE = '.claude.json';
export const GEMINI_SETTINGS = '.gemini/settings.json';
export const GEMINI_TRUSTED_FOLDERS = '.gemini/trustedFolders.json';
export const CURSOR_MCP_JSON = '.cursor/mcp.json';
export const OPENCODE_JSON = 'opencode.json';

const instead = `add the ${MCP_SERVER_NAME} server yourself`;

export function claudeMcpJson(text: string | undefined, launch: McpLaunch): JsonEdit {
  return setJsonValue(text, ['mcpServers', MCP_SERVER_NAME], stdioEntry(launch), { file: CLAUDE_MCP_JSON, instead });
}

/**
 * The permission rule that lets Claude Code run every Cortex tool without asking
 * ("Do you want to proceed?" in its TUI, a denial in `-p`). In the local settings it
 * holds whether or not the workspace is trusted; `.claude/settings.json` would be
 * ignored until it is.
 */
export const CLAUDE_CORTEX_ALLOW_RULE = `mcp__${MCP_SERVER_NAME}`;

/**
 * `.claude/settings.local.json`: the project's `cortex` server approved, so Claude Code
 * starts it without asking, and its tools allowed (`permissions.allow`), so an agent
 * never stops to ask about its own queue. Each is one list item added to the user's
 * file; an existing one is left as it is.
 */
export function claudeApproval(text: string | undefined): JsonEdit {
  const approved = addJsonListItem(text, ['enabledMcpjsonServers'], MCP_SERVER_NAME, { file: CLAUDE_LOCAL_SETTINGS, instead: `add "${MCP_SERVER_NAME}" to enabledMcpjsonServers yourself` });
  const allowed = addJsonListItem(approved.after, ['permissions', 'allow'], CLAUDE_CORTEX_ALLOW_RULE, { file: CLAUDE_LOCAL_SETTINGS, instead: `add "${CLAUDE_CORTEX_ALLOW_RULE}" to permissions.allow yourself` });
  if (approved.change === 'create') return { after: allowed.after, change: 'create' };
  return { after: allowed.after, change: approved.change === 'unchanged' && allowed.change === 'unchanged' ? 'unchanged' : 'add' };
}

/** `~/.claude.json`: the project folder trusted (what accepting Claude Code's trust dialog writes). */
export function claudeTrust(text: string | undefined, project: string): JsonEdit {
  return setJsonValue(text, ['projects', project, 'hasTrustDialogAccepted'], true, { file: `~/${CLAUDE_HOME_STATE}`, instead: 'open the folder in Claude Code once and accept its trust prompt' });
}

/**
 * The `cortex` entry for Gemini CLI, with `trust: true`: without it every Cortex tool
 * asks for confirmation in the TUI, and headless (`-p`) the model is not even offered
 * the tools. An entry written before (no `trust`) is replaced on the next Generate.
 */
export function geminiSettings(text: string | undefined, launch: McpLaunch): JsonEdit {
  return setJsonValue(text, ['mcpServers', MCP_SERVER_NAME], { ...stdioEntry(launch), trust: true }, { file: GEMINI_SETTINGS, comments: true, instead });
}

/** `~/.gemini/trustedFolders.json`: the project folder trusted. */
export function geminiTrust(text: string | undefined, project: string): JsonEdit {
  return setJsonValue(text, [project], 'TRUST_FOLDER', { file: `~/${GEMINI_TRUSTED_FOLDERS}`, comments: true, instead: 'trust the folder in Gemini CLI (/permissions)' });
}

export function cursorMcpJson(text: string | undefined, launch: McpLaunch): JsonEdit {
  return setJsonValue(text, ['mcpServers', MCP_SERVER_NAME], stdioEntry(launch), { file: CURSOR_MCP_JSON, comments: true, instead });
}

export function opencodeJson(text: string | undefined, launch: McpLaunch): JsonEdit {
  const entry = { type: 'local', command: [launch.command, ...launch.args], enabled: true };
  return setJsonValue(text, ['mcp', MCP_SERVER_NAME], entry, { file: OPENCODE_JSON, comments: true, instead });
}
