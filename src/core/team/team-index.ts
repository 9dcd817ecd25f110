import { FileNotFoundError, TeamFs, joinPath } from '../fs/team-fs';
import { LineageRecord, lineageDiagnostics } from './lineage';
import { Agent, Diagnostic, Project, Task, Team } from './model';
import { AgentNote } from '../parse/agent-note';
import { FULL_PARSERS, TeamParsers } from './team-parsers';
import { ContentKey, FileContent, sameContentKey } from '../text/file-content';
import { readDispatchTimes, readyDispatchedAt } from './pickup';
import { ACTIVITY_FILE, AGENTS_DIR, AGENT_TEMPLATE, PROJECTS_DIR, PROJECT_TEMPLATE, TASKS_FILE, TEMPLATES_DIR, agentNotePath, agentTasksPath, isProjectFileName, isSkippedName, projectSlugOf } from './team-paths';
import { Limiter } from '../../base/limiter';
import { binarySearch, compareStrings } from '../../base/sorted';
import { errorCode, fileErrorMessage } from '../edit/file-errors';

/**
 * The parsed team folder, kept up to date file by file.
 *
 * `load()` scans the whole folder; `update(paths)` re-reads only the files named
 * (team-relative paths that changed, appeared or disappeared) and returns a new
 * `Team` in which every agent and project that did not change is the very same
 * object as before, so views can diff by identity. An update of one tasks.md costs
 * the size of that file plus copying the arrays of agent references: it never
 * rescans the folder and never touches the other agents' tasks.
 *
 * The layout read is `team-paths.ts`'s. Calls are serialized.
 */

/** Default number of file-system operations in flight at once. */
export const READ_CONCURRENCY = 32;

const EMPTY_TEAM: Team = Object.freeze({
  agents: [],
  projects: [],
  templates: { agent: null, project: null },
  diagnostics: [],
});

/** The whole team, read once (`parsers`: see team-parsers.ts). */
export async function loadTeam(fs: TeamFs, parsers: TeamParsers = FULL_PARSERS): Promise<Team> {
  return new TeamIndex(fs, READ_CONCURRENCY, parsers).load();
}

/** A file read (its content says whether it is text agents can read), missing, or not readable (why). */
type ReadResult = { kind: 'text'; content: FileContent } | { kind: 'missing' } | { kind: 'failed'; message: string };

interface NotePart {
  readonly path: string | null;
  /** What was read, to tell an unchanged file (a touch, a repeated event) from a change. */
  readonly content: ContentKey | null;
  readonly note: AgentNote | null;
  /** Folder-level findings (no note, a note under another name). */
  readonly extra: readonly Diagnostic[];
}

interface TasksPart {
  readonly content: ContentKey | null;
  /** There is no tasks.md. */
  readonly missing: boolean;
  readonly tasks: readonly Task[];
  readonly lastTick: string | null;
  readonly lastTickLine: number | null;
  readonly diagnostics: readonly Diagnostic[];
}

interface AgentEntry {
  readonly agent: Agent;
  readonly note: NotePart;
  readonly tasks: TasksPart;
}

interface ProjectEntry {
  readonly content: ContentKey | null;
  readonly project: Project;
  readonly diagnostics: readonly Diagnostic[];
}

export class TeamIndex {
  private current: Team = EMPTY_TEAM;
  private readonly agentEntries = new Map<string, AgentEntry>();
  private readonly projectEntries = new Map<string, ProjectEntry>();
  /** Diagnostics by file, as they appear in `current.diagnostics`. */
  private readonly diagnosticsByFile = new Map<string, readonly Diagnostic[]>();
  private templateDiagnostics: { agent: readonly Diagnostic[]; project: readonly Diagnostic[] } = { agent: [], project: [] };
  /** Lineage findings by agent slug (they need the whole team: see core/team/lineage.ts). */
  private lineage = new Map<string, readonly Diagnostic[]>();
  /** The activity feed as last read, and the dispatch times read from it (see core/team/pickup.ts). */
  private feed: string | null = null;
  private dispatches = new Map<string, Map<string, number>>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limit: Limiter;

  constructor(
    readonly fs: TeamFs,
    concurrency: number = READ_CONCURRENCY,
    private readonly parsers: TeamParsers = FULL_PARSERS,
  ) {
    this.limit = new Limiter(concurrency);
  }

  /** The latest snapshot (an empty team before the first `load`). */
  get team(): Team {
    return this.current;
  }

  /** Scans the whole team folder. */
  load(): Promise<Team> {
    return this.serialize(() => this.loadAll());
  }

  /**
   * Re-reads the files named (team-relative, `/`-separated): changed, created or
   * deleted files, or folders that appeared or disappeared. `''` reloads everything.
   */
  update(paths: readonly string[]): Promise<Team> {
    return this.serialize(() => this.applyUpdate(paths));
  }

  private serialize(work: () => Promise<Team>): Promise<Team> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---- full scan -------------------------------------------------------------

  private async loadAll(): Promise<Team> {
    const [agentDirs, projectFiles, agentTemplate, projectTemplate, feed] = await Promise.all([
      this.limit.run(() => this.fs.list(AGENTS_DIR)),
      this.limit.run(() => this.fs.list(PROJECTS_DIR)),
      this.readText(AGENT_TEMPLATE),
      this.readText(PROJECT_TEMPLATE),
      this.readText(ACTIVITY_FILE),
    ]);
    this.feed = null;
    this.dispatches = new Map();
    this.takeFeed(feed);
    const slugs = agentDirs.filter((e) => e.kind === 'directory' && !isSkippedName(e.name)).map((e) => e.name);
    const projectSlugs = projectFiles.filter((e) => e.kind === 'file' && isProjectFileName(e.name)).map((e) => projectSlugOf(e.name));

    const [agents, projects] = await Promise.all([
      Promise.all(slugs.map((slug) => this.readAgent(slug, undefined, ALL_PARTS, true))),
      Promise.all(projectSlugs.map((slug) => this.readProject(slug))),
    ]);

    this.agentEntries.clear();
    this.projectEntries.clear();
    for (let i = 0; i < slugs.length; i++) {
      const entry = agents[i];
      if (entry) this.agentEntries.set(slugs[i], entry);
    }
    for (let i = 0; i < projectSlugs.length; i++) {
      const entry = projects[i];
      if (entry) this.projectEntries.set(projectSlugs[i], entry);
    }
    const templates = {
      agent: templateText(agentTemplate),
      project: templateText(projectTemplate),
    };
    this.templateDiagnostics = {
      agent: readFailure(AGENT_TEMPLATE, agentTemplate),
      project: readFailure(PROJECT_TEMPLATE, projectTemplate),
    };

    // Diagnostics: gather by file, then lay them out sorted.
    this.diagnosticsByFile.clear();
    const add = (list: readonly Diagnostic[]) => {
      for (const d of list) {
        const l = this.diagnosticsByFile.get(d.file);
        if (l) (l as Diagnostic[]).push(d);
        else this.diagnosticsByFile.set(d.file, [d]);
      }
    };
    this.lineage = computeLineage(this.agentEntries);
    for (const [slug, e] of this.agentEntries) for (const list of agentDiagnosticLists(e, this.lineage.get(slug))) add(list);
    for (const e of this.projectEntries.values()) add(e.diagnostics);
    add(this.templateDiagnostics.agent);
    add(this.templateDiagnostics.project);
    const files = [...this.diagnosticsByFile.keys()].sort(compareStrings);
    const diagnostics: Diagnostic[] = [];
    for (const f of files) {
      const sorted = sortByLine(this.diagnosticsByFile.get(f)!);
      this.diagnosticsByFile.set(f, sorted);
      for (const d of sorted) diagnostics.push(d);
    }

    for (const [slug, e] of this.agentEntries) this.agentEntries.set(slug, this.withPickup(e));
    this.current = {
      agents: [...this.agentEntries.values()].map((e) => e.agent).sort((a, b) => compareStrings(a.slug, b.slug)),
      projects: [...this.projectEntries.values()].map((e) => e.project).sort((a, b) => compareStrings(a.slug, b.slug)),
      templates,
      diagnostics,
    };
    return this.current;
  }

  // ---- incremental update ----------------------------------------------------

  private async applyUpdate(paths: readonly string[]): Promise<Team> {
    const plan = planUpdate(paths);
    if (plan.everything) return this.loadAll();
    await this.widenPlan(plan);

    const agentSlugs = [...plan.agents.keys()];
    const projectSlugs = [...plan.projects];
    const [agentResults, projectResults, agentTemplate, projectTemplate, feed] = await Promise.all([
      Promise.all(agentSlugs.map((slug) => this.readAgent(slug, this.agentEntries.get(slug), plan.agents.get(slug)!, false))),
      Promise.all(projectSlugs.map((slug) => this.readProject(slug, this.projectEntries.get(slug)))),
      plan.agentTemplate ? this.readText(AGENT_TEMPLATE) : undefined,
      plan.projectTemplate ? this.readText(PROJECT_TEMPLATE) : undefined,
      plan.feed ? this.readText(ACTIVITY_FILE) : undefined,
    ]);
    const feedChanged = feed !== undefined && this.takeFeed(feed);
    // A new feed may change any agent's pickup time; else only the agents re-read.
    const pickupSlugs = feedChanged ? [...new Set([...agentSlugs, ...this.agentEntries.keys()])] : agentSlugs;
    const pickupResults = pickupSlugs.map((slug, i) => {
      const read = i < agentSlugs.length ? agentResults[i] : this.agentEntries.get(slug) ?? null;
      return read && this.withPickup(read);
    });

    const diagnostics = new DiagnosticsChange(this.current.diagnostics, this.diagnosticsByFile);
    const agents = this.applyAgents(pickupSlugs, pickupResults, diagnostics);
    if (agents) this.applyLineage(diagnostics);
    const projects = this.applyProjects(projectSlugs, projectResults, diagnostics);
    const templates = this.applyTemplates(agentTemplate, projectTemplate, diagnostics);

    if (!agents && !projects && templates === this.current.templates && diagnostics.list === this.current.diagnostics) {
      return this.current;
    }
    this.current = {
      agents: agents ?? this.current.agents,
      projects: projects ?? this.current.projects,
      templates,
      diagnostics: diagnostics.list,
    };
    return this.current;
  }

  /** A folder event (agents/ or projects/ itself) means every entry in it, listed now or known before. */
  private async widenPlan(plan: UpdatePlan): Promise<void> {
    if (plan.allAgents) {
      const listed = await this.limit.run(() => this.fs.list(AGENTS_DIR));
      for (const e of listed) if (e.kind === 'directory' && !isSkippedName(e.name)) plan.agents.set(e.name, { note: true, tasks: true, folder: true });
      for (const slug of this.agentEntries.keys()) plan.agents.set(slug, { note: true, tasks: true, folder: true });
    }
    if (plan.allProjects) {
      const listed = await this.limit.run(() => this.fs.list(PROJECTS_DIR));
      for (const e of listed) if (e.kind === 'file' && isProjectFileName(e.name)) plan.projects.add(projectSlugOf(e.name));
      for (const slug of this.projectEntries.keys()) plan.projects.add(slug);
    }
  }

  /** The agents re-read put in place (a copy of the list when one changed, else `null`). */
  private applyAgents(slugs: readonly string[], results: readonly (AgentEntry | null)[], diagnostics: DiagnosticsChange): Agent[] | null {
    let agents: Agent[] | null = null;
    for (let i = 0; i < slugs.length; i++) {
      const slug = slugs[i];
      const before = this.agentEntries.get(slug);
      const after = results[i];
      if (before === after || (!before && !after)) continue;
      agents ??= this.current.agents.slice();
      const at = binarySearch(agents, slug, (a) => a.slug);
      if (after) {
        this.agentEntries.set(slug, after);
        if (at >= 0) agents[at] = after.agent;
        else agents.splice(~at, 0, after.agent);
      } else {
        this.agentEntries.delete(slug);
        if (at >= 0) agents.splice(at, 1);
      }
      const lineage = this.lineage.get(slug);
      diagnostics.replace(before ? agentDiagnosticLists(before, lineage) : [], after ? agentDiagnosticLists(after, lineage) : []);
    }
    return agents;
  }

  /** Any agent's change may change another's lineage (a parent appears or goes). */
  private applyLineage(diagnostics: DiagnosticsChange): void {
    const next = computeLineage(this.agentEntries);
    for (const slug of new Set([...this.lineage.keys(), ...next.keys()])) {
      const before = this.lineage.get(slug) ?? NO_DIAGNOSTICS;
      const after = next.get(slug) ?? NO_DIAGNOSTICS;
      if (sameDiagnostics(before, after)) continue;
      const entry = this.agentEntries.get(slug);
      const lists = entry ? agentDiagnosticLists(entry, undefined) : [];
      diagnostics.replace([...lists, before], [...lists, after]);
    }
    this.lineage = next;
  }

  /** The projects re-read put in place (a copy of the list when one changed, else `null`). */
  private applyProjects(slugs: readonly string[], results: readonly (ProjectEntry | null)[], diagnostics: DiagnosticsChange): Project[] | null {
    let projects: Project[] | null = null;
    for (let i = 0; i < slugs.length; i++) {
      const slug = slugs[i];
      const before = this.projectEntries.get(slug);
      const after = results[i];
      if (before === after || (!before && !after)) continue;
      projects ??= this.current.projects.slice();
      const at = binarySearch(projects, slug, (p) => p.slug);
      if (after) {
        this.projectEntries.set(slug, after);
        if (at >= 0) projects[at] = after.project;
        else projects.splice(~at, 0, after.project);
      } else {
        this.projectEntries.delete(slug);
        if (at >= 0) projects.splice(at, 1);
      }
      diagnostics.replace(before ? [before.diagnostics] : [], after ? [after.diagnostics] : []);
    }
    return projects;
  }

  /** The templates re-read (the same object when neither text changed). */
  private applyTemplates(agentRead: ReadResult | undefined, projectRead: ReadResult | undefined, diagnostics: DiagnosticsChange): Team['templates'] {
    let templates = this.current.templates;
    if (!agentRead && !projectRead) return templates;
    const agent = agentRead ? templateText(agentRead) : templates.agent;
    const project = projectRead ? templateText(projectRead) : templates.project;
    if (agent !== templates.agent || project !== templates.project) templates = { agent, project };
    if (agentRead) {
      const list = readFailure(AGENT_TEMPLATE, agentRead);
      diagnostics.replace([this.templateDiagnostics.agent], [list]);
      this.templateDiagnostics = { ...this.templateDiagnostics, agent: list };
    }
    if (projectRead) {
      const list = readFailure(PROJECT_TEMPLATE, projectRead);
      diagnostics.replace([this.templateDiagnostics.project], [list]);
      this.templateDiagnostics = { ...this.templateDiagnostics, project: list };
    }
    return templates;
  }

  // ---- the activity feed's dispatches ---------------------------------------

  /** Takes the feed as read; true when its dispatch times may have changed. */
  private takeFeed(read: ReadResult): boolean {
    const text = read.kind === 'text' ? read.content.text : null;
    if (text === this.feed) return false;
    const before = this.feed;
    this.feed = text;
    if (text !== null && before !== null && text.length > before.length && text.startsWith(before)) {
      // The feed only grows: read what was appended.
      readDispatchTimes(text.slice(before.length), this.dispatches);
    } else {
      this.dispatches = text === null ? new Map() : readDispatchTimes(text);
    }
    return true;
  }

  /** The entry with its agent's `dispatchedAt` as the feed says now (the same entry when it did not change). */
  private withPickup(e: AgentEntry): AgentEntry {
    const at = readyDispatchedAt(e.agent.tasks, this.dispatches.get(e.agent.slug));
    if ((e.agent.dispatchedAt ?? null) === at) return e;
    // Absent when unknown: an agent without a dispatch reads as before there was a feed.
    const { dispatchedAt: _, ...agent } = e.agent;
    return { ...e, agent: at === null ? agent : { ...agent, dispatchedAt: at } };
  }

  // ---- reading one agent / project ------------------------------------------

  /**
   * Reads what is asked of one agent folder, reusing the parts of `prev` not asked
   * for (a new agent is read whole). `null` when the folder is gone or is not a
   * folder. `folderKnown`: the caller just listed it (a full scan), no need to ask.
   */
  private async readAgent(
    slug: string,
    prev: AgentEntry | undefined,
    what: { note: boolean; tasks: boolean; folder: boolean },
    folderKnown: boolean,
  ): Promise<AgentEntry | null> {
    const whole = prev === undefined;
    if (!whole && !what.note && !what.tasks) {
      // Only the folder itself (or a file the scan does not read) changed: is it still there?
      const stat = await this.limit.run(() => this.fs.stat(joinPath(AGENTS_DIR, slug)));
      return stat?.kind === 'directory' ? prev : null;
    }
    const [note, tasks] = await Promise.all([
      whole || what.note ? this.readNotePart(slug, prev?.note) : prev.note,
      whole || what.tasks ? this.readTasksPart(slug, prev?.tasks) : prev.tasks,
    ]);
    // Something missing may mean the whole folder is gone: ask.
    if (!folderKnown && (whole || what.folder || note.path === null || tasks === null)) {
      const stat = await this.limit.run(() => this.fs.stat(joinPath(AGENTS_DIR, slug)));
      if (!stat || stat.kind !== 'directory') return null;
    }
    const tasksPart = tasks ?? (prev?.tasks.missing ? prev.tasks : missingTasks(slug));
    // Nothing changed (the same bytes read again): the same agent.
    if (prev && note === prev.note && tasksPart === prev.tasks) return prev;
    return { agent: buildAgent(slug, note, tasksPart), note, tasks: tasksPart };
  }

  /** The agent note: `<slug>.md`, else the one other `.md` in the folder (with a warning); `prev` when nothing changed. */
  private async readNotePart(slug: string, prev: NotePart | undefined): Promise<NotePart> {
    const next = await this.findNote(slug, prev);
    if (prev && next !== prev && next.path === prev.path && sameContentKey(next.content, prev.content) && sameDiagnostics(next.extra, prev.extra)) return prev;
    return next;
  }

  private async findNote(slug: string, prev: NotePart | undefined): Promise<NotePart> {
    const expected = agentNotePath(slug);
    const direct = await this.readText(expected, true);
    if (direct.kind === 'text') {
      if (prev && prev.path === expected && direct.content.matches(prev.content)) return prev;
      const note = this.parsers.agentNote(direct.content, expected, slug);
      return { path: expected, content: direct.content.key(), note, extra: [] };
    }
    if (direct.kind === 'failed') return { path: expected, content: null, note: null, extra: readFailure(expected, direct) };
    const entries = await this.limit.run(() => this.fs.list(joinPath(AGENTS_DIR, slug)));
    const candidates = entries
      .filter((e) => e.kind === 'file' && !isSkippedName(e.name) && /\.md$/i.test(e.name) && e.name !== TASKS_FILE)
      .map((e) => e.name)
      .sort(compareStrings);
    const noNote: NotePart = {
      path: null,
      content: null,
      note: null,
      extra: [{ file: expected, line: 1, severity: 'warning', message: `No agent note: expected ${expected}. The agent is listed under its folder name.` }],
    };
    if (candidates.length === 0) return noNote;
    const name = candidates[0];
    const path = joinPath(AGENTS_DIR, slug, name);
    const others = candidates.slice(1);
    const message =
      `The agent note is named "${name}"; the protocol expects "${slug}.md" in ${AGENTS_DIR}/${slug}/.` +
      (others.length ? ` Also found ${others.map((o) => `"${o}"`).join(', ')}, not read.` : '');
    const warning: Diagnostic = { file: path, line: 1, severity: 'warning', message };
    const read = await this.readText(path, true);
    if (read.kind === 'text') {
      const note = this.parsers.agentNote(read.content, path, slug);
      return { path, content: read.content.key(), note, extra: [warning] };
    }
    if (read.kind === 'failed') return { path, content: null, note: null, extra: [warning, ...readFailure(path, read)] };
    // Gone between the listing and the read: the watcher will report it.
    return noNote;
  }

  /** `null` when tasks.md does not exist; `prev` when it holds the same text as before. */
  private async readTasksPart(slug: string, prev: TasksPart | undefined): Promise<TasksPart | null> {
    const path = agentTasksPath(slug);
    const read = await this.readText(path, true);
    if (read.kind === 'missing') return null;
    if (read.kind === 'failed') return { content: null, missing: false, tasks: [], lastTick: null, lastTickLine: null, diagnostics: readFailure(path, read) };
    if (prev && read.content.matches(prev.content)) return prev;
    const { tasks, lastTick, lastTickLine, diagnostics } = this.parsers.taskFile(read.content, path);
    const content = read.content.key();
    if (!read.content.unreadable) return { content, missing: false, tasks, lastTick, lastTickLine, diagnostics };
    const unreadable: Diagnostic = {
      file: path,
      line: 1,
      severity: 'error',
      message: `${path} ${read.content.unreadable}; agents cannot read its tasks and it will not be edited here. Convert it to UTF-8 text (or restore it, e.g. from git).`,
    };
    return { content, missing: false, tasks, lastTick, lastTickLine, diagnostics: [unreadable, ...diagnostics] };
  }

  private async readProject(slug: string, prev?: ProjectEntry): Promise<ProjectEntry | null> {
    const path = `${PROJECTS_DIR}/${slug}.md`;
    const read = await this.readText(path, true);
    if (read.kind === 'missing') return null;
    if (read.kind === 'failed') {
      return {
        content: null,
        project: { slug, path, type: null, status: null, created: null, nextAction: null, notes: null },
        diagnostics: readFailure(path, read),
      };
    }
    if (prev && read.content.matches(prev.content)) return prev;
    const parsed = this.parsers.projectNote(read.content, path, slug);
    return { content: read.content.key(), ...parsed };
  }

  /** `parsed`: the file goes to the parsers, which may know it without its being read. */
  private async readText(path: string, parsed = false): Promise<ReadResult> {
    const known = parsed && this.parsers.known ? await this.limit.run(() => this.parsers.known!(path)) : null;
    if (known) return { kind: 'text', content: known };
    try {
      const bytes = await this.limit.run(() => this.fs.readFile(path));
      return { kind: 'text', content: FileContent.of(bytes) };
    } catch (e) {
      if (e instanceof FileNotFoundError) return { kind: 'missing' };
      const code = errorCode(e);
      return { kind: 'failed', message: code ? fileErrorMessage(code, path, 'reading') : `Cannot read ${path}: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
}

// ---- helpers -----------------------------------------------------------------

const NO_DIAGNOSTICS: readonly Diagnostic[] = [];
const ALL_PARTS = { note: true, tasks: true, folder: true };

function missingTasks(slug: string): TasksPart {
  const file = agentTasksPath(slug);
  return {
    content: null,
    missing: true,
    tasks: [],
    lastTick: null,
    lastTickLine: null,
    diagnostics: [{ file, line: 1, severity: 'info', message: `No ${file} yet: the agent has no tasks.` }],
  };
}

function buildAgent(slug: string, note: NotePart, tasks: TasksPart): Agent {
  const n = note.note;
  return {
    slug,
    name: n?.name ?? slug,
    status: n?.status ?? null,
    project: n?.project ?? null,
    joined: n?.joined ?? null,
    role: n?.role ?? null,
    capabilities: n?.capabilities ?? [],
    projects: n?.projects ?? [],
    sessionLog: n?.sessionLog ?? [],
    parent: n?.parent ?? null,
    level: n?.level ?? null,
    ...(n?.launch ? { launch: n.launch } : {}),
    ...(n?.tools ? { tools: n.tools } : {}),
    notePath: note.path,
    tasksPath: agentTasksPath(slug),
    tasks: tasks.tasks,
    lastTick: tasks.lastTick,
    lastTickLine: tasks.lastTickLine,
  };
}

function agentDiagnosticLists(e: AgentEntry, lineage: readonly Diagnostic[] | undefined): readonly (readonly Diagnostic[])[] {
  return [e.note.extra, e.note.note?.diagnostics ?? NO_DIAGNOSTICS, e.tasks.diagnostics, lineage ?? NO_DIAGNOSTICS];
}

function computeLineage(entries: ReadonlyMap<string, AgentEntry>): Map<string, readonly Diagnostic[]> {
  const records: LineageRecord[] = [];
  for (const [slug, e] of entries) {
    const note = e.note.note;
    // Only a note can name a parent or a level; folders without one still count as parents.
    records.push({
      slug,
      parent: note?.parent ?? null,
      level: note?.level ?? null,
      file: e.note.path ?? agentNotePath(slug),
      parentLine: note?.parentLine ?? 1,
      levelLine: note?.levelLine ?? 1,
    });
  }
  return lineageDiagnostics(records);
}

function readFailure(path: string, read: ReadResult): Diagnostic[] {
  return read.kind === 'failed' ? [{ file: path, line: 1, severity: 'error', message: read.message }] : [];
}

function templateText(read: ReadResult): string | null {
  return read.kind === 'text' ? read.content.text : null;
}

/**
 * The team's diagnostics (sorted by file) as an update changes them, file by file; `list`
 * stays the very same array when nothing changed. Keeps the index's by-file map in step.
 */
class DiagnosticsChange {
  constructor(
    public list: readonly Diagnostic[],
    private readonly byFile: Map<string, readonly Diagnostic[]>,
  ) {}

  /** `file`'s findings are now `list`. */
  setFile(file: string, list: readonly Diagnostic[]): void {
    const before = this.byFile.get(file) ?? NO_DIAGNOSTICS;
    if (before.length === 0 && list.length === 0) return;
    if (sameDiagnostics(before, list)) return;
    const sorted = sortByLine(list);
    if (sorted.length === 0) this.byFile.delete(file);
    else this.byFile.set(file, sorted);
    this.list = spliceFile(this.list, file, sorted);
  }

  /** The files named in `before` or `after` get `after`'s findings (none when only `before` named them). */
  replace(before: readonly (readonly Diagnostic[])[], after: readonly (readonly Diagnostic[])[]): void {
    const byFile = new Map<string, Diagnostic[]>();
    for (const list of before) for (const d of list) if (!byFile.has(d.file)) byFile.set(d.file, []);
    for (const list of after) for (const d of list) {
      const l = byFile.get(d.file);
      if (l) l.push(d);
      else byFile.set(d.file, [d]);
    }
    for (const [file, list] of byFile) this.setFile(file, list);
  }
}

/** Stable sort by line (the parsers emit in file order mostly; keep emission order on ties). */
function sortByLine(list: readonly Diagnostic[]): Diagnostic[] {
  const out = list.slice();
  for (let i = 1; i < out.length; i++) {
    if (out[i - 1].line > out[i].line) return out.sort((a, b) => a.line - b.line);
  }
  return out;
}

function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x.file !== y.file || x.line !== y.line || x.severity !== y.severity || x.message !== y.message)) return false;
  }
  return true;
}

/** Replaces the run of `file`'s diagnostics in a list sorted by file (a copy when it changes). */
function spliceFile(all: readonly Diagnostic[], file: string, list: readonly Diagnostic[]): readonly Diagnostic[] {
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareStrings(all[mid].file, file) < 0) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < all.length && all[end].file === file) end++;
  if (end === lo && list.length === 0) return all;
  const out = all.slice(0, lo);
  for (const d of list) out.push(d);
  for (let i = end; i < all.length; i++) out.push(all[i]);
  return out;
}

interface UpdatePlan {
  everything: boolean;
  allAgents: boolean;
  allProjects: boolean;
  agents: Map<string, { note: boolean; tasks: boolean; folder: boolean }>;
  projects: Set<string>;
  agentTemplate: boolean;
  projectTemplate: boolean;
  /** The activity feed changed (dispatch times, for pickup). */
  feed: boolean;
}

/** What to re-read for a list of changed paths. */
function planUpdate(paths: readonly string[]): UpdatePlan {
  const plan: UpdatePlan = {
    everything: false,
    allAgents: false,
    allProjects: false,
    agents: new Map(),
    projects: new Set(),
    agentTemplate: false,
    projectTemplate: false,
    feed: false,
  };
  for (const raw of paths) {
    const path = raw.replace(/\\/g, '/').replace(/^(\.\/)+|^\/+|\/+$/g, '');
    if (path === '' || path === '.') {
      plan.everything = true;
      continue;
    }
    if (path === ACTIVITY_FILE) {
      plan.feed = true;
      continue;
    }
    const parts = path.split('/');
    if (parts.some((p) => p !== '' && isSkippedName(p))) continue;
    const [area, name, leaf] = parts;
    if (area === AGENTS_DIR) {
      if (parts.length === 1) {
        plan.allAgents = true;
        continue;
      }
      const what = plan.agents.get(name) ?? { note: false, tasks: false, folder: false };
      if (parts.length === 2) {
        what.note = what.tasks = what.folder = true;
      } else if (parts.length === 3 && leaf === TASKS_FILE) {
        what.tasks = true;
      } else if (parts.length === 3 && /\.md$/i.test(leaf)) {
        what.note = true;
      } else {
        // Something else inside the folder: only matters if the agent is new.
        what.folder = true;
      }
      plan.agents.set(name, what);
    } else if (area === PROJECTS_DIR) {
      if (parts.length === 1) plan.allProjects = true;
      else if (parts.length === 2 && isProjectFileName(name)) plan.projects.add(projectSlugOf(name));
    } else if (area === TEMPLATES_DIR) {
      if (parts.length === 1) plan.agentTemplate = plan.projectTemplate = true;
      else if (path === AGENT_TEMPLATE) plan.agentTemplate = true;
      else if (path === PROJECT_TEMPLATE) plan.projectTemplate = true;
    }
  }
  return plan;
}
