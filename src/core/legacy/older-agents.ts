import { CortexInputError } from '../edit/errors';
import { readFrontmatter, stringField } from '../text/frontmatter';
import { TeamFs } from '../fs/team-fs';
import { Agent, Task } from '../team/model';
import { isSkippedName } from '../team/team-paths';
import { readOlderFiles } from './read-older';
import { LegacyAgent, LegacyTask, readLegacyTeam } from './upgrade-plan';

/**
 * The Cortex plugin's older format read as it is, without the upgrade: each flat
 * `agents/<slug>.md` as an agent (its `last-heartbeat:` as its last tick, its tasks from
 * the `## Work Queue` of the project notes it lists), so the status table and the
 * liveness rule work on it unchanged. Read-only: nothing here writes, and the agents
 * point at no task file of today's layout (`tasksPath` is the project note their first
 * task came from). A folder the upgrade would refuse is said with the same reason.
 */
export interface OlderFormat {
  readonly agents: readonly Agent[];
  /** Why the folder cannot be read as it is (the upgrade's refusal), else null. */
  readonly problem: string | null;
}

/** Whether `agents/` holds a flat note (`agents/<slug>.md`): only then is the rest read. */
export async function hasOlderAgentNotes(fs: TeamFs): Promise<boolean> {
  for (const e of await fs.list('agents')) if (e.kind === 'file' && e.name.endsWith('.md') && !isSkippedName(e.name)) return true;
  return false;
}

/** The older format found in the folder; `null` when it holds no flat agent note. */
export async function readOlderFormat(fs: TeamFs): Promise<OlderFormat | null> {
  if (!(await hasOlderAgentNotes(fs))) return null;
  const { flat, projects } = await readOlderFiles(fs);
  try {
    const team = readLegacyTeam(flat, projects);
    return { agents: team.agents.map((a) => olderAgent(a, flat.get(a.slug) ?? '')), problem: null };
  } catch (e) {
    if (!(e instanceof CortexInputError)) throw e;
    return { agents: [], problem: e.message.replace(/; (fix [^;]*and )?upgrade again; nothing was written\.$|; nothing was written\.$/, '.') };
  }
}

export function olderAgent(a: LegacyAgent, text: string): Agent {
  const fm = readFrontmatter(text);
  return {
    slug: a.slug,
    name: a.name,
    status: stringField(fm.data, 'status'),
    project: stringField(fm.data, 'project'),
    joined: stringField(fm.data, 'joined'),
    role: null,
    capabilities: [],
    projects: a.projects,
    sessionLog: [],
    parent: null,
    level: null,
    notePath: a.notePath,
    tasksPath: a.tasks[0]?.project ?? a.notePath,
    tasks: a.tasks.map(olderTask),
    lastTick: a.lastHeartbeat,
    lastTickLine: null,
  };
}

function olderTask(t: LegacyTask): Task {
  return { title: t.title, status: t.status, started: null, completed: null, summary: null, body: t.body, fields: {}, line: 0, id: null };
}
