import { createExclusive, readTextFile } from '../edit/edit-file';
import { LaunchProfile, launchFrontmatter } from '../agents/launch-profile';
import { CortexInputError } from '../edit/errors';
import { yamlScalar } from '../text/frontmatter';
import { TeamFs } from '../fs/team-fs';
import { parseAgentNote } from '../parse/agent-note';
import { MAX_LEVEL, MIN_LEVEL, isValidLevel } from '../team/lineage';
import { BUILTIN_AGENT_TEMPLATE } from '../team/builtin-templates';
import { encodeText } from '../text/text';
import { LIMITS, checkAgentName, checkOneLine, otherSlugSpellings, slugify } from '../text/input-rules';
import { fillNoteTemplate } from './note-template';
import { agentFolder, agentNotePath, agentTasksPath } from './shared';

/**
 * register: a new agent, as the Cortex plugin's /register does it. The slug is the
 * protocol's (`slugify` in input-rules.ts: lowercase, spaces to hyphens, everything
 * but a-z, 0-9 and "-" dropped, accented letters too); when the team already has a
 * folder for the name under another spelling (`jose-dev` for "José Dev", written
 * by an earlier version) and none under this one, that folder is the agent's
 * (`agentSlugFor`). Writes `agents/<slug>/<slug>.md` from the team's
 * `templates/agent-template.md` (or the built-in one) and an empty
 * `agents/<slug>/tasks.md` (an existing one is left alone). Refuses an empty slug and
 * an agent whose note exists. Nothing is ever written outside `agents/`.
 */
export interface RegisterInput {
  readonly name: string;
  /** The agent's working folder, as it should appear in the note. */
  readonly project?: string;
  readonly role?: string;
  readonly capabilities?: readonly string[];
  /** `YYYY-MM-DD`. */
  readonly joined: string;
  /** Which CLI runs it (`launch:` in the note); absent: none yet (asked at its first Start). */
  readonly launch?: LaunchProfile;
  /** Where it sits in the hierarchy (core/team/lineage.ts): the slug of the agent that starts it, and its level. */
  readonly parent?: string;
  readonly level?: number;
}

export interface RegisterResult {
  readonly slug: string;
  readonly notePath: string;
  readonly tasksPath: string;
  /** False when a tasks.md was already there (it was left as it was). */
  readonly createdTasks: boolean;
  readonly template: 'team' | 'built-in';
  /** True when the slug is an existing folder under another spelling of the name (`agentSlugFor`). */
  readonly otherSpelling: boolean;
}

export const AGENT_TEMPLATE_PATH = 'templates/agent-template.md';

/** The slug rule (input-rules.ts): the protocol's. */
export { slugify };

/**
 * The folder a name's agent has or gets: its protocol slug, unless only a folder under
 * one of the name's other spellings exists (`otherSlugSpellings`), which is then found
 * rather than a second agent made. `found` says it was another spelling.
 */
export async function agentSlugFor(fs: TeamFs, name: string): Promise<{ slug: string; found: boolean }> {
  const { slug } = checkAgentName(name);
  if (await fs.stat(agentFolder(slug))) return { slug, found: false };
  for (const other of otherSlugSpellings(name)) {
    if (other.length <= LIMITS.slug && (await fs.stat(agentFolder(other)))) return { slug: other, found: true };
  }
  return { slug, found: false };
}

/** The project slug for `## Projects`: the slug of the project folder's name. */
export function projectSlug(projectPath: string): string {
  const parts = projectPath.split(/[\\/]+/).filter((p) => p !== '' && p !== '~');
  return parts.length ? slugify(parts[parts.length - 1]) : '';
}

/** `joined` stays a plain YAML date, as the plugin writes it, and `level` a number; other values are quoted when needed. */
function yamlValue(key: string, value: string): string {
  if (key === 'joined' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (key === 'level' && /^[1-3]$/.test(value)) return value;
  return yamlScalar(value);
}

export interface AgentNoteFields {
  readonly name: string;
  readonly project?: string;
  readonly role?: string;
  readonly capabilities: readonly string[];
  readonly joined: string;
  readonly launch?: LaunchProfile;
  readonly parent?: string;
  readonly level?: number;
}

/**
 * Fills an agent template (see `fillNoteTemplate`): the frontmatter lines of name,
 * project, status, joined (and parent, level and launch when given) are replaced (or
 * added), and the Role, Projects, Capabilities and Session Log sections get their content.
 */
export function fillAgentTemplate(template: string, fields: AgentNoteFields): string {
  const keys: Array<[string, string]> = [['name', fields.name]];
  if (fields.project !== undefined) keys.push(['project', fields.project]);
  keys.push(['status', 'active'], ['joined', fields.joined]);
  if (fields.parent !== undefined) keys.push(['parent', fields.parent]);
  if (fields.level !== undefined) keys.push(['level', String(fields.level)]);

  const sections: Array<[string, string[]]> = [];
  if (fields.role !== undefined && fields.role !== '') sections.push(['Role', [fields.role]]);
  if (fields.project !== undefined) {
    const slug = projectSlug(fields.project);
    if (slug !== '') sections.push(['Projects', [`- ${slug}`]]);
  }
  if (fields.capabilities.length > 0) sections.push(['Capabilities', fields.capabilities.map((c) => `- ${c}`)]);
  sections.push(['Session Log', ['Last session: --', 'Status: registered']]);

  const launch = fields.launch;
  return fillNoteTemplate(template, {
    keys: keys.map(([k, v]) => [k, yamlValue(k, v)] as const),
    sections,
    moreLines: launch ? launchFrontmatter(launch) : [],
    more: (text, fm, eol) => {
      if (!launch || !fm.range) return [];
      // A template's own launch: (with its indented lines) gives way to the one chosen.
      const { from, to } = fm.range;
      const lines = fm.lines;
      const insert = launchFrontmatter(launch).join(eol) + eol;
      const at = lines.slice(from, to).findIndex((l) => /^launch\s*:/.test(text.slice(l.start, l.end)));
      if (at < 0) return [{ at: lines[to].start, insert }];
      let end = from + at + 1;
      while (end < to && /^[ \t]/.test(text.slice(lines[end].start, lines[end].end))) end++;
      return [{ at: lines[from + at].start, remove: lines[end].start - lines[from + at].start, insert }];
    },
  });
}

export async function registerAgent(fs: TeamFs, input: RegisterInput): Promise<RegisterResult> {
  const { name } = checkAgentName(input.name);
  const { slug, found } = await agentSlugFor(fs, name);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.joined)) throw new CortexInputError(`The joined date must look like YYYY-MM-DD, not "${input.joined}".`);
  const project = input.project === undefined ? undefined : checkOneLine(input.project, 'project path', LIMITS.path, { allowEmpty: true });
  const role = input.role === undefined ? undefined : checkOneLine(input.role, 'role', LIMITS.line, { allowEmpty: true });
  const capabilities = (input.capabilities ?? []).map((c) => checkOneLine(c, 'capability', LIMITS.line, { allowEmpty: true })).filter((c) => c !== '');
  if (input.launch?.command !== undefined && input.launch.command !== null) checkOneLine(input.launch.command, 'launch command', LIMITS.line);

  const lineage = await checkLineage(fs, slug, input.parent, input.level);

  const notePath = agentNotePath(slug);
  const tasksPath = agentTasksPath(slug);
  // The slug holds only [a-z0-9-], so these paths stay inside agents/<slug>/.
  if (!notePath.startsWith('agents/') || notePath.split('/').length !== 3) throw new CortexInputError(`Refusing to write ${notePath}.`);
  if (await fs.stat(notePath)) throw new CortexInputError(`An agent "${slug}" is already registered (${notePath} exists).${found ? ` It is this name's agent under another spelling (${slugify(name)} by the protocol's rule), so no second folder was made.` : ''}`);

  const teamTemplate = await readTextFile(fs, AGENT_TEMPLATE_PATH);
  const note = fillAgentTemplate(teamTemplate ?? BUILTIN_AGENT_TEMPLATE, {
    name,
    project,
    role,
    capabilities,
    joined: input.joined,
    launch: input.launch,
    ...lineage,
  });
  if (!(await createExclusive(fs, notePath, encodeText(note)))) {
    throw new CortexInputError(`An agent "${slug}" is already registered (${notePath} exists).`);
  }
  const createdTasks = await createExclusive(fs, tasksPath, new Uint8Array(0));
  return { slug, notePath, tasksPath, createdTasks, template: teamTemplate === undefined ? 'built-in' : 'team', otherSpelling: found };
}

/**
 * A new agent's place in the hierarchy, checked as core/team/lineage.ts reads it: a level
 * of 1, 2 or 3; a parent that is a registered agent with a level of its own, one
 * above the new agent's (so level 1 has no parent, and a level-3 agent starts nothing).
 */
async function checkLineage(fs: TeamFs, slug: string, parent: string | undefined, level: number | undefined): Promise<{ parent?: string; level?: number }> {
  if (level !== undefined && !isValidLevel(level)) throw new CortexInputError(`The level must be ${MIN_LEVEL}, 2 or ${MAX_LEVEL}, not ${level}.`);
  if (parent === undefined) return level === undefined ? {} : { level };
  if (parent === slug) throw new CortexInputError('An agent cannot be its own parent.');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(parent)) throw new CortexInputError(`"${parent}" is not an agent slug.`);
  const text = await readTextFile(fs, agentNotePath(parent));
  if (text === undefined) throw new CortexInputError(`The parent "${parent}" is not a registered agent (no ${agentNotePath(parent)}).`);
  const parentLevel = parseAgentNote(text, agentNotePath(parent), parent).level;
  if (!isValidLevel(parentLevel)) throw new CortexInputError(`The parent "${parent}" has no level (1 or 2) in its note, so its children's level is unknown.`);
  if (parentLevel >= MAX_LEVEL) throw new CortexInputError(`"${parent}" is a level-${MAX_LEVEL} support agent; it starts no agents.`);
  if (level !== undefined && level !== parentLevel + 1) throw new CortexInputError(`A child of "${parent}" (level ${parentLevel}) is level ${parentLevel + 1}, not ${level}.`);
  return { parent, level: parentLevel + 1 };
}
