/**
 * What the set-up and leave planners' tests share: Ada's protocol context, her MCP launch
 * line, and the protocol templates as shipped.
 */
import { readFileSync } from 'fs';
import * as path from 'path';
import { PROTOCOL_TEMPLATE_DIR, ProtocolContext, loadProtocolTemplates } from '../../../../src/core/protocol-file/protocol';

const ROOT = path.resolve(__dirname, '../../../../..');

export type Templates = Awaited<ReturnType<typeof loadProtocolTemplates>>;

/** The launch line of Ada's Cortex MCP server. */
export const launch = { command: 'node', args: ['/opt/cortex/cli.js', 'mcp', '--team', '/team', '--agent', 'ada'] };

/** Ada, a worker in /team, her project in /work/ada (no state hooks: a test that needs them adds them). */
export const ctx: ProtocolContext = {
  agentName: 'Ada',
  agentSlug: 'ada',
  teamDir: '/team',
  project: '/work/ada',
  heartbeatMinutes: 15,
  staleAfterMinutes: 30,
  dailyBriefing: '09:00',
  dailyReview: '18:00',
};

/** The protocol templates from the repository's template folder. */
export function shippedTemplates(): Promise<Templates> {
  return loadProtocolTemplates(async (name) => readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
}
