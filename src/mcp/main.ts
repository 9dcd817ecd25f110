import { promises as fsp } from 'fs';
import * as path from 'path';
import { NodeTeamFs } from '../core/fs/node-fs';
import { loadProtocolTemplates } from '../core/protocol-file/protocol';
import { CortexServerOptions } from './server';
import { serveStdio } from './stdio';

/**
 * The MCP bundle's entry (dist/mcp.js): `cortex-team mcp` loads it only when asked,
 * so the other verbs start without parsing the MCP SDK.
 *
 * cli.js and mcp.js each carry their own copy of the core, so only plain data (and a
 * clock function) crosses from one to the other: an object made by cli.js's core (a
 * `NodeTeamFs`, an error) would fail mcp.js's `instanceof` checks. The team's file
 * system is made here.
 */
export interface McpEntryOptions extends Omit<CortexServerOptions, 'fs' | 'templates'> {
  /** Where the protocol texts are (templates/protocol of the package). */
  readonly templatesDir: string;
}

export function serveTeam(o: McpEntryOptions): Promise<void> {
  const { templatesDir, ...rest } = o;
  return serveStdio({
    ...rest,
    fs: new NodeTeamFs(o.teamDir),
    templates: () => loadProtocolTemplates((name) => fsp.readFile(path.join(templatesDir, name), 'utf8')),
  });
}
