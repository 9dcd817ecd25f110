import { JsonEdit, addJsonListItem, setJsonValue } from '../json/json-edit';
import { MCP_SERVER_NAME, McpLaunch, stdioEntry } from './launch';

/**
 * The Cortex server in the JSON configurations of Claude Code, Gemini CLI and Cursor,
 * and the trust each needs in the user's home, merged by inserting text
 * (json-edit.ts): the `cortex` entry is ours and replaced when it differs, every other
 * byte of the file stays. What each agent reads (checked against the real CLIs):
 *
 * - Claude Code: `<project>/.mcp.json` `mcpServers.cortex`; the project server is
 *   approved in `<project>/.claude/settings.local.json` `enabledMcpjsonServers`, and the
 *   folder trusted in `~/.claude.json` `projects["<project>"].hasTrustDialogAccepted`.
 *   Plain JSON.
 * - Gemini CLI: `<project>/.gemini/settings.json` `mcpServers.cortex`, loaded only in a
 *   trusted folder: `~/.gemini/trustedFolders.json` `{"<project>": "TRUST_FOLDER"}`.
 *   JSON with comments.
 * - Cursor: `<project>/.cursor/mcp.json` `mcpServers.cortex` (JSON with comments read
 *   as such; Cursor asks the user to enable a new project server itself).
 */
export const CLAUDE_MCP_JSON = '.mcp.json';
export const CLAUDE_LOCAL_SETTINGS = '.claude/settings.local.json';
export const CLAUDE_HOME_STATE = '.claude.json';
export const GEMINI_SETTINGS = '.gemini/settings.json';
export const GEMINI_TRUSTED_FOLDERS = '.gemini/trustedFolders.json';
export const CURSOR_MCP_JSON = '.cursor/mcp.json';

const instead = `add the ${MCP_SERVER_NAME} server yourself`;

export function claudeMcpJson(text: string | undefined, launch: McpLaunch): JsonEdit {
  return setJsonValue(text, ['mcpServers', MCP_SERVER_NAME], stdioEntry(launch), { file: CLAUDE_MCP_JSON, instead });
}

/** Approves the project's `cortex` server, so Claude Code starts it without asking. */
export function claudeApproval(text: string | undefined): JsonEdit {
  return addJsonListItem(text, ['enabledMcpjsonServers'], MCP_SERVER_NAME, { file: CLAUDE_LOCAL_SETTINGS, instead: `add "${MCP_SERVER_NAME}" to enabledMcpjsonServers yourself` });
}

/** `~/.claude.json`: the project folder trusted (what accepting Claude Code's trust dialog writes). */
export function claudeTrust(text: string | undefined, project: string): JsonEdit {
  return setJsonValue(text, ['projects', project, 'hasTrustDialogAccepted'], true, { file: `~/${CLAUDE_HOME_STATE}`, instead: 'open the folder in Claude Code once and accept its trust prompt' });
}

export function geminiSettings(text: string | undefined, launch: McpLaunch): JsonEdit {
  return setJsonValue(text, ['mcpServers', MCP_SERVER_NAME], stdioEntry(launch), { file: GEMINI_SETTINGS, comments: true, instead });
}

/** `~/.gemini/trustedFolders.json`: the project folder trusted. */
export function geminiTrust(text: string | undefined, project: string): JsonEdit {
  return setJsonValue(text, [project], 'TRUST_FOLDER', { file: `~/${GEMINI_TRUSTED_FOLDERS}`, comments: true, instead: 'trust the folder in Gemini CLI (/permissions)' });
}

export function cursorMcpJson(text: string | undefined, launch: McpLaunch): JsonEdit {
  return setJsonValue(text, ['mcpServers', MCP_SERVER_NAME], stdioEntry(launch), { file: CURSOR_MCP_JSON, comments: true, instead });
}
