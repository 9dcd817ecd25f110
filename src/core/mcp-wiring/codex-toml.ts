import { TomlError, parse } from 'smol-toml';
import { CortexInputError } from '../edit/errors';
import { HASH_MARKERS, findMarkedSection, upsertMarkedSection } from '../protocol-file/marked-section';
import { separatorBefore } from '../ops/shared';
import { detectEol } from '../text/text';
import { MCP_SERVER_NAME, McpLaunch } from './launch';

/**
 * Codex's TOML configuration:
 *
 * - `<project>/.codex/config.toml` gets the Cortex server as a marked block, which is
 *   replaced as a whole when generated again:
 *
 *       # cortex:begin: written by Cortex Team, …
 *       [mcp_servers.cortex]
 *       command = "node"
 *       args = ["…/dist/cli.js", "mcp", "--team", "…", "--agent", "…"]
 *       default_tools_approval_mode = "approve"
 *       # cortex:end
 *
 * - `~/.codex/config.toml` trusts the project (Codex reads a project's config.toml
 *   only then): `[projects."<project>"]` with `trust_level = "trusted"`, appended.
 *
 * The text outside the block is never touched, comments included. A file that is not
 * valid TOML, one that defines the Cortex server (or the project) itself, and a
 * result that would not read back as intended are refused with a sentence; nothing
 * is changed.
 */
export const CODEX_CONFIG = '.codex/config.toml';

export type TomlChange = 'create' | 'add' | 'replace' | 'unchanged';

export interface TomlEdit {
  readonly after: string;
  readonly change: TomlChange;
}

/** A TOML basic string: JSON's escapes are TOML's, plus DEL, which TOML wants escaped too. */
export function tomlString(value: string): string {
  return JSON.stringify(value).replace(/\u007f/g, '\\u007F');
}

type Table = Record<string, unknown>;

function readToml(text: string, file: string, instead: string): Table {
  try {
    return parse(text) as Table;
  } catch (e) {
    if (e instanceof TomlError) {
      const why = e.message.replace(/^Invalid TOML document:\s*/, '').split('\n')[0];
      throw new CortexInputError(`${file} is not valid TOML (line ${e.line}, column ${e.column}: ${why}). Fix it, or ${instead}; nothing was changed.`);
    }
    throw e;
  }
}

function table(value: unknown): Table | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Table) : undefined;
}

function sameList(a: unknown, b: readonly string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The server's table. `default_tools_approval_mode = "approve"` pins what Codex did with
 * Cortex's tools under every approval policy tried (they declare themselves neither
 * destructive nor open-world): they run without asking. `required = true` makes Codex
 * wait for the server before its first model request: without it, Codex 0.169 starts
 * the turn while the server is still starting, on a loaded machine the model is offered
 * no Cortex tool, and a call to one fails ("unsupported call"); it also says so at once
 * when the server cannot start, instead of an agent that runs without its queue.
 */
export function codexServerBlock(launch: McpLaunch): string {
  return [
    `[mcp_servers.${MCP_SERVER_NAME}]`,
    `command = ${tomlString(launch.command)}`,
    `args = [${launch.args.map(tomlString).join(', ')}]`,
    'default_tools_approval_mode = "approve"',
    'required = true',
  ].join('\n');
}

/** `<project>/.codex/config.toml` with the Cortex server block. */
export function codexConfig(text: string | undefined, launch: McpLaunch): TomlEdit {
  const instead = `add [mcp_servers.${MCP_SERVER_NAME}] yourself`;
  const block = codexServerBlock(launch);
  if (text === undefined || text.replace(/^\uFEFF/, '').trim() === '') {
    return { after: (text?.startsWith('\uFEFF') ? '\uFEFF' : '') + upsertMarkedSection(undefined, block, CODEX_CONFIG, HASH_MARKERS), change: 'create' };
  }
  const before = readToml(text, CODEX_CONFIG, instead);
  const ours = findMarkedSection(text, CODEX_CONFIG, HASH_MARKERS);
  if (!ours && table(table(before.mcp_servers)?.[MCP_SERVER_NAME])) {
    throw new CortexInputError(`${CODEX_CONFIG} already defines the ${MCP_SERVER_NAME} MCP server outside a Cortex block; remove or rename it to let Cortex write its own. Nothing was changed.`);
  }
  const after = upsertMarkedSection(text, block, CODEX_CONFIG, HASH_MARKERS);
  if (after === text) return { after, change: 'unchanged' };
  let read: Table;
  try {
    read = parse(after) as Table;
  } catch {
    throw new CortexInputError(`${CODEX_CONFIG} cannot take a [mcp_servers.${MCP_SERVER_NAME}] table (it defines mcp_servers in a way a new table would clash with); ${instead}. Nothing was changed.`);
  }
  const server = table(table(read.mcp_servers)?.[MCP_SERVER_NAME]);
  if (!server || server.command !== launch.command || !sameList(server.args, launch.args)) {
    throw new CortexInputError(`${CODEX_CONFIG}: the Cortex block would not be read as the ${MCP_SERVER_NAME} server (a table before it takes its lines?); ${instead}. Nothing was changed.`);
  }
  return { after, change: ours ? 'replace' : 'add' };
}

/** `~/.codex/config.toml` with the project trusted. */
export function codexTrust(text: string | undefined, project: string): TomlEdit {
  const file = `~/${CODEX_CONFIG}`;
  const instead = `trust the project in Codex (it asks when you start it there)`;
  const entry = `[projects.${tomlString(project)}]\ntrust_level = "trusted"`;
  if (text === undefined || text.replace(/^\uFEFF/, '').trim() === '') {
    return { after: (text?.startsWith('\uFEFF') ? '\uFEFF' : '') + entry + '\n', change: 'create' };
  }
  const before = readToml(text, file, instead);
  const existing = table(table(before.projects)?.[project]);
  if (existing?.trust_level === 'trusted') return { after: text, change: 'unchanged' };
  if (existing) {
    throw new CortexInputError(`${file} already has [projects.${tomlString(project)}] with trust_level = ${JSON.stringify(existing.trust_level ?? null)}; set it to "trusted" there yourself. Nothing was changed.`);
  }
  const eol = detectEol(text);
  const after = text + separatorBefore(text, text.length, eol) + entry.replace(/\n/g, eol) + eol;
  let read: Table;
  try {
    read = parse(after) as Table;
  } catch {
    throw new CortexInputError(`${file} cannot take a [projects."…"] table (it defines projects in a way a new table would clash with); ${instead}. Nothing was changed.`);
  }
  if (table(table(read.projects)?.[project])?.trust_level !== 'trusted') {
    throw new CortexInputError(`${file}: the trust entry would not be read as intended; ${instead}. Nothing was changed.`);
  }
  return { after, change: 'add' };
}
