import { promises as fsp } from 'fs';
import * as path from 'path';
import { EditOptions } from '../core/edit';
import { NodeTeamFs } from '../core/fs/node-fs';
import { loadProtocolTemplates } from '../core/protocol-file/protocol';
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
export interface McpEntryOptions {
  /** The team folder (absolute). */
  readonly teamDir: string;
  readonly agent: string | null;
  readonly heartbeatMinutes: number;
  readonly dailyBriefing: string;
  readonly dailyReview: string;
  readonly clock: () => Date;
  readonly edit: EditOptions;
  /** Where the protocol texts are (templates/protocol of the package). */
  readonly templatesDir: string;
  readonly version: string;
}

export function serveTeam(o: McpEntryOptions): Promise<void> {
  return serveStdio({
    fs: new NodeTeamFs(o.teamDir),
    teamDir: o.teamDir,
    agent: o.agent,
    heartbeatMinutes: o.heartbeatMinutes,
    dailyBriefing: o.dailyBriefing,
    dailyReview: o.dailyReview,
    clock: o.clock,
    edit: o.edit,
    templates: () => loadProtocolTemplates((name) => fsp.readFile(path.join(o.templatesDir, name), 'utf8')),
    version: o.version,
  });
}
