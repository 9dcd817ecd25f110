import { readTextFile } from '../core/edit/edit-file';
import { CortexInputError } from '../core/edit/errors';
import { TeamFs } from '../core/fs/team-fs';
import { staleAfterMinutes } from '../core/team/liveness';
import {
  PROTOCOL_RUNTIMES,
  ProtocolRuntime,
  ProtocolTemplates,
  protocolVariant,
  renderProtocol,
} from '../core/protocol-file/protocol';
import { loadTeam } from '../core/team/team-index';
import { WORKLOG_FILE, layoutWorklog, trimmedBlock } from '../core/worklog/parse';

/**
 * The MCP resources: what an agent may want to read whole, without a tool call's
 * parsing: the WORKLOG's pinned status block and decision index, and (for a server
 * bound to one agent) that agent's protocol, as Generate Protocol File writes it for
 * each agent kind.
 */
export interface ResourceSpec {
  readonly name: string;
  readonly uri: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  read(): Promise<string>;
}

export interface ResourceOptions {
  readonly fs: TeamFs;
  readonly agent: string | null;
  /** The team folder as the agent sees it (absolute). */
  readonly teamDir: string;
  readonly heartbeatMinutes: number;
  readonly dailyBriefing: string;
  readonly dailyReview: string;
  /** The protocol texts (templates/protocol), read when a protocol is asked for. */
  readonly templates: () => Promise<ProtocolTemplates>;
}

export const WORKLOG_STATUS_URI = 'cortex://worklog/status';

export function protocolUri(runtime: ProtocolRuntime): string {
  return `cortex://protocol/${runtime}`;
}

/** The status block and the decision index of WORKLOG.md, as they are written there. */
export async function worklogStatusText(fs: TeamFs): Promise<string> {
  const text = await readTextFile(fs, WORKLOG_FILE);
  if (text === undefined) return `There is no ${WORKLOG_FILE} yet.\n`;
  const l = layoutWorklog(text);
  const parts: string[] = [];
  for (const block of [l.status, l.decisions]) {
    if (block) parts.push(trimmedBlock(text, l.lines, block.heading, block.end));
  }
  if (parts.length === 0) return `${WORKLOG_FILE} has no status block and no decision index yet.\n`;
  return parts.join('\n\n') + '\n';
}

export function cortexResources(o: ResourceOptions): ResourceSpec[] {
  const resources: ResourceSpec[] = [
    {
      name: 'worklog-status',
      uri: WORKLOG_STATUS_URI,
      title: 'Worklog status and decisions',
      description: "WORKLOG.md's pinned status block (each agent's state) and its decision index.",
      mimeType: 'text/markdown',
      read: () => worklogStatusText(o.fs),
    },
  ];
  const slug = o.agent;
  if (slug === null) return resources;
  for (const runtime of PROTOCOL_RUNTIMES) {
    resources.push({
      name: `protocol-${runtime.id}`,
      uri: protocolUri(runtime.id),
      title: `Cortex protocol for ${slug} (${runtime.label})`,
      description: `The protocol ${slug} follows, as written into ${runtime.protocolFile} for ${runtime.label}.`,
      mimeType: 'text/markdown',
      read: async () => {
        const team = await loadTeam(o.fs);
        const agent = team.agents.find((a) => a.slug === slug);
        if (!agent) throw new CortexInputError(`The agent ${slug} is no longer registered in this team.`);
        return renderProtocol(await o.templates(), protocolVariant(agent), {
          agentName: agent.name,
          agentSlug: slug,
          teamDir: o.teamDir,
          project: agent.project ?? '',
          heartbeatMinutes: o.heartbeatMinutes,
          staleAfterMinutes: staleAfterMinutes(o.heartbeatMinutes),
          dailyBriefing: o.dailyBriefing,
          dailyReview: o.dailyReview,
        }, runtime.id);
      },
    });
  }
  return resources;
}
