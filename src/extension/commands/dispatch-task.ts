import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { CortexConflictError, CortexInputError } from '../../core/edit/errors';
import { Agent, Team } from '../../core/team/model';
import { DispatchResult, dispatchTask } from '../../core/ops/dispatch';
import { checkUserText, openTitleClash, titleClashMessage } from '../../core/ops/shared';
import { Services } from '../services';
import { EditorDrafts } from './editor-drafts';
import { InputFeedback, ruleFeedback } from '../ui/quick-input';
import { AgentItem, agentItems, currentAgent, loadedTeam, startingAgent } from './agent-picks';
import { writeFailureMessage } from '../writes/write-failure';
import { checkTitle as checkCoreTitle } from '../../core/text/input-rules';
import { capabilityFit, isMisfit } from '../../core/agents/capability-fit';
import { isOpenStatus } from '../../base/task-status';

/**
 * "Cortex: Dispatch Task": a new `ready` task at the end of an agent's tasks.md,
 * written by the core's dispatch operation. Steps: the title (one line, not the title
 * of one of the agent's ready or in-progress tasks), the agent (skipped when the
 * command comes from an agent's row; ranked by how well the title fits each agent's
 * capabilities), the body (a line in the box, or a longer text in an editor draft).
 * A task that matches none of the chosen agent's capabilities is flagged, never
 * refused. Escape at any step writes nothing; so does Restricted Mode.
 */
export interface DispatchedTask extends DispatchResult {
  readonly agent: string;
  readonly tasksPath: string;
}

const EDITOR_BUTTON = { id: 'editor', icon: 'go-to-file', tooltip: 'Write in Editor: a longer body in a markdown draft' } as const;

/** The wizard's answers so far; `askAgent` when the agent is picked here (not preset by an agent's row). */
interface DispatchWizard {
  readonly c: Services;
  readonly drafts: EditorDrafts;
  readonly team: Team;
  readonly askAgent: boolean;
  readonly total: number;
  agent: Agent | undefined;
  title: string;
  body: string;
}

type Step = 'title' | 'agent' | 'body';
/** A step's outcome: the step to show next, or the end of the wizard with what was written. */
type StepResult = { readonly next: Step } | { readonly end: DispatchedTask | undefined };

export async function runDispatchTask(c: Services, drafts: EditorDrafts, presetSlug?: string): Promise<DispatchedTask | undefined> {
  const result = await c.writer.whenTrusted('dispatch a task', async () => {
    const team = await loadedTeam(c);
    if (!team) return undefined;
    const starting = await startingAgent(c, team, presetSlug);
    if (!starting) return undefined;
    const { agent } = starting;
    const askAgent = presetSlug === undefined;
    const w: DispatchWizard = { c, drafts, team, askAgent, total: askAgent ? 3 : 2, agent, title: '', body: '' };
    const steps = { title: titleStep, agent: agentStep, body: bodyStep } as const;
    let step: Step = 'title';
    for (;;) {
      const r: StepResult = await steps[step](w);
      if ('end' in r) return r.end;
      step = r.next;
    }
  });
  return result ?? undefined;
}

async function titleStep(w: DispatchWizard): Promise<StepResult> {
  const a = w.agent;
  const answer = await w.c.prompts.inputStep({
    title: a ? `Cortex: Dispatch Task to ${a.name}` : 'Cortex: Dispatch Task',
    step: 1,
    totalSteps: w.total,
    value: w.title,
    placeholder: 'Task title, e.g. "Add Stripe webhook endpoint"',
    prompt: a
      ? `One line: agents tell tasks apart by their title. It goes to the end of ${a.tasksPath}.`
      : 'One line: agents tell tasks apart by their title. Next, the agents are ranked by how well it fits their capabilities.',
    check: (value) => (a ? withFit(checkTitle(w.c, a, value), a, value) : checkBareTitle(value)),
  });
  if (answer.kind !== 'accept') return { end: undefined };
  w.title = answer.value.trim();
  return { next: w.askAgent ? 'agent' : 'body' };
}

async function agentStep(w: DispatchWizard): Promise<StepResult> {
  const items = agentItems(w.c, w.team, w.title);
  const picked = await w.c.prompts.pickStep<AgentItem>({
    title: `Cortex: Dispatch "${w.title}"`,
    step: 2,
    totalSteps: w.total,
    canGoBack: true,
    items,
    activeItem: items.find((i) => i.agent.slug === w.agent?.slug) ?? items[0],
    placeholder: 'The agent to give the task to (best fit by capabilities first)',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (picked.kind === 'back') return { next: 'title' };
  if (picked.kind !== 'accept') return { end: undefined };
  w.agent = picked.value.agent;
  // That agent has an open task of this title: back to the title, which now says so.
  if (checkTitle(w.c, w.agent, w.title).error) return { next: 'title' };
  return { next: 'body' };
}

async function bodyStep(w: DispatchWizard): Promise<StepResult> {
  const { c, title } = w;
  const a = w.agent!;
  const answer = await c.prompts.inputStep({
    title: `Cortex: Dispatch "${title}" to ${a.name}`,
    step: w.total,
    totalSteps: w.total,
    canGoBack: true,
    value: w.body,
    buttons: [EDITOR_BUTTON],
    placeholder: 'What to do (optional; Enter dispatches)',
    prompt: 'One line here, or the editor button for a longer body. Enter dispatches the task.',
    check: (value) => withFit(checkBody(value), a, `${title}\n${value}`),
  });
  if (answer.kind === 'back') return { next: w.askAgent ? 'agent' : 'title' };
  if (answer.kind === 'button') return { end: await dispatchFromDraft(c, w.drafts, a, title, answer.value) };
  if (answer.kind !== 'accept') return { end: undefined };
  w.body = answer.value;
  try {
    return { end: await dispatchNewTask(c, a, title, w.body) };
  } catch (e) {
    await c.prompts.error(writeFailureMessage(e, 'nothing was dispatched.'));
    return { end: undefined };
  }
}

/** The title's own rules (one line, no structure), before an agent is chosen. */
function checkBareTitle(value: string): InputFeedback {
  if (value.trim() === '') return { error: 'Enter a title: it is how the agent and everyone else refer to the task.' };
  return ruleFeedback(() => checkCoreTitle(value));
}

/**
 * Adds the capability warning to a check (shown as a warning; Enter still dispatches): the protocol's workers do not work
 * outside their role, so a task that matches none of the agent's capabilities is
 * flagged (and still dispatched if the user goes on).
 */
export function withFit(feedback: InputFeedback, agent: Agent, text: string): InputFeedback {
  if (feedback.error || text.trim() === '') return feedback;
  const warning = fitWarning(agent, text);
  return warning ? { ...feedback, warning } : feedback;
}

/** The warning for a task that matches none of the agent's capabilities; `undefined` when it fits or the agent lists none. */
export function fitWarning(agent: Agent, text: string): string | undefined {
  if (!isMisfit(capabilityFit(agent.capabilities, text))) return undefined;
  return `Matches none of ${agent.name}'s capabilities (${agent.capabilities.join(', ')}); dispatching anyway is allowed.`;
}

/** The title as typed: not empty, and not the title of one of the agent's open tasks (as the store has them now). */
export function checkTitle(c: Services, agent: Agent, value: string): InputFeedback {
  const title = value.trim();
  const bare = checkBareTitle(value);
  if (bare.error) return bare;
  const tasks = (currentAgent(c, agent.slug) ?? agent).tasks;
  const clash = openTitleClash(tasks, title);
  if (clash) return { error: titleClashMessage(agent.name, clash, title, ' of tasks.md') };
  const open = tasks.filter((t) => isOpenStatus(t.status)).length;
  return { hint: `Task ${open + 1} in ${agent.name}'s queue${open > 0 ? `, after ${open} open ${open === 1 ? 'task' : 'tasks'}` : ''}.` };
}

function checkBody(value: string): InputFeedback {
  return ruleFeedback(() => value.trim() !== '' && checkUserText(value, 'task body'));
}

async function dispatchFromDraft(c: Services, drafts: EditorDrafts, agent: Agent, title: string, body: string): Promise<DispatchedTask | undefined> {
  let written: DispatchedTask | undefined;
  const result = await drafts.edit({
    name: `${title} (task body)`,
    purpose: `the body of the task "${title}" for ${agent.name}`,
    action: 'Dispatch',
    initialText: body,
    send: async (text) => {
      const problem = checkBody(text).error;
      if (problem) return problem;
      try {
        written = await dispatchNewTask(c, agent, title, text);
        return undefined;
      } catch (e) {
        if (e instanceof CortexInputError || e instanceof CortexConflictError) return `Nothing was dispatched: ${e.message}`;
        throw e;
      }
    },
  });
  if (result === 'cancelled') void c.prompts.info(`Cortex: the draft for "${title}" was closed; nothing was dispatched.`);
  return written;
}

export interface DispatchOptions {
  /** More for the event's details (a thread's start: the thread it schedules for). */
  readonly details?: Readonly<Record<string, unknown>>;
  /** The caller tells the user what happened (no "dispatched" message). */
  readonly quiet?: boolean;
}

/**
 * The one dispatch (the command's last step, a draft's Dispatch, the board's "Dispatch
 * Again"): the core's dispatch operation through the writer, then the log line and the
 * message with "Open Task". Throws what the core or the writer refused (nothing was
 * written); `undefined` in Restricted Mode.
 */
export async function dispatchNewTask(c: Services, agent: Agent, title: string, body: string, options: DispatchOptions = {}): Promise<DispatchedTask | undefined> {
  const readyBefore = (currentAgent(c, agent.slug) ?? agent).tasks.filter((t) => t.status === 'ready' && t.title !== title).length;
  const event = (r: { title: string; position: number }) => teamEvents.taskDispatched(DASHBOARD_ACTOR, agent.slug, agent.tasksPath, r.title, r.position, options.details);
  const result = await c.writer.write({ what: 'dispatch a task', paths: [agent.tasksPath], event }, (fs, edit) => dispatchTask(fs, agent.tasksPath, { title, body }, edit));
  if (!result) return undefined;
  c.log.info(`Dispatched "${result.title}" to ${agent.slug} (task ${result.position} in ${agent.tasksPath})`);
  if (options.quiet) return { ...result, agent: agent.slug, tasksPath: agent.tasksPath };
  const open = 'Open Task';
  const queue = readyBefore + 1;
  void c.prompts.info(`Cortex: dispatched "${result.title}" to ${agent.name}, at the end of ${agent.tasksPath} (${queue} ready ${queue === 1 ? 'task' : 'tasks'} in its queue).`, open).then(async (choice) => {
    if (choice !== open) return;
    await c.store.whenIdle();
    const task = currentAgent(c, agent.slug)?.tasks.find((t) => t.title === result.title && t.status === 'ready');
    const uri = c.store.fs?.uri(agent.tasksPath);
    if (!uri) return;
    const line = task ? task.line - 1 : 0;
    await vscode.window.showTextDocument(uri, { preview: true, selection: new vscode.Range(line, 0, line, 0) });
  });
  return { ...result, agent: agent.slug, tasksPath: agent.tasksPath };
}
