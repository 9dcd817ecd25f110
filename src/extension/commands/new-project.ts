import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { CortexInputError } from '../../core/edit/errors';
import { LIMITS, checkOneLine, checkUserText, slugify } from '../../core/text/input-rules';
import { NewProjectResult, createProject, projectNotePath } from '../../core/ops/new-project';
import { formatDate } from '../../base/time';
import { InputFeedback, ruleFeedback } from '../ui/quick-input';
import { Services } from '../services';
import { UnsavedChangesError } from '../writes/team-writer';
import { loadedTeam } from './agent-picks';

/**
 * "Cortex: New Project": a four-step QuickInput wizard (name with its slug shown as it
 * is typed, status, Next Action, a first note), then the core writes
 * `projects/<slug>.md` from the team's project template and the note opens at its
 * `## Notes`, for more. Escape at any step writes nothing; so does Restricted Mode.
 */
const TITLE = 'Cortex: New Project';
const TOTAL = 4;
const STATUSES = [
  { label: 'active', detail: 'Work is going on' },
  { label: 'on-hold', detail: 'Paused for now' },
  { label: 'blocked', detail: 'Waiting on something outside the team' },
  { label: 'done', detail: 'Finished' },
];

interface ProjectWizard {
  name: string;
  status: string;
  nextAction: string;
  notes: string;
}

type Step = 1 | 2 | 3 | 4;
type StepResult = { readonly next: Step } | { readonly end: 'cancel' | 'write' };

export async function runNewProject(c: Services): Promise<NewProjectResult | undefined> {
  const result = await c.writer.whenTrusted('create a project note', async () => {
    if (!(await loadedTeam(c))) return undefined;
    const w: ProjectWizard = { name: '', status: 'active', nextAction: '', notes: '' };
    const steps = { 1: nameStep, 2: statusStep, 3: nextActionStep, 4: notesStep } as const;
    let step: Step = 1;
    for (;;) {
      const r: StepResult = await steps[step](c, w);
      if ('next' in r) step = r.next;
      else return r.end === 'write' ? write(c, w) : undefined;
    }
  });
  return result ?? undefined;
}

async function nameStep(c: Services, w: ProjectWizard): Promise<StepResult> {
  const answer = await c.prompts.inputStep({
    title: TITLE,
    step: 1,
    totalSteps: TOTAL,
    value: w.name,
    placeholder: 'Name, e.g. Billing Service',
    prompt: 'The project; its slug names projects/<slug>.md and is what agents list under ## Projects.',
    check: (value) => checkName(c, value),
  });
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.name = answer.value.trim();
  return { next: 2 };
}

async function statusStep(c: Services, w: ProjectWizard): Promise<StepResult> {
  const items = STATUSES.map((s) => ({ ...s, picked: s.label === w.status }));
  const picked = await c.prompts.pickStep({ title: TITLE, step: 2, totalSteps: TOTAL, canGoBack: true, items, activeItem: items.find((i) => i.picked), placeholder: 'Its status (frontmatter status:)' });
  if (picked.kind === 'back') return { next: 1 };
  if (picked.kind !== 'accept') return { end: 'cancel' };
  w.status = picked.value.label;
  return { next: 3 };
}

async function nextActionStep(c: Services, w: ProjectWizard): Promise<StepResult> {
  const answer = await c.prompts.inputStep({
    title: TITLE,
    step: 3,
    totalSteps: TOTAL,
    canGoBack: true,
    value: w.nextAction,
    placeholder: 'Next Action (optional), e.g. Implement the webhook handler for failed payments',
    prompt: 'One line under ## Next Action: what the team does next on it.',
    check: (value) => ruleFeedback(() => checkOneLine(value, 'next action', LIMITS.line, { allowEmpty: true })),
  });
  if (answer.kind === 'back') return { next: 2 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.nextAction = answer.value.trim();
  return { next: 4 };
}

async function notesStep(c: Services, w: ProjectWizard): Promise<StepResult> {
  const answer = await c.prompts.inputStep({
    title: TITLE,
    step: 4,
    totalSteps: TOTAL,
    canGoBack: true,
    value: w.notes,
    placeholder: 'A first note (optional), e.g. Stack: Python, FastAPI, PostgreSQL',
    prompt: `A bullet under ## Notes. Enter writes ${projectNotePath(slugify(w.name))}; the note then opens for more.`,
    check: (value) => ruleFeedback(() => value.trim() !== '' && checkUserText(value, 'note')),
  });
  if (answer.kind === 'back') return { next: 3 };
  if (answer.kind !== 'accept') return { end: 'cancel' };
  w.notes = answer.value.trim();
  return { end: 'write' };
}

async function checkName(c: Services, value: string): Promise<InputFeedback> {
  if (value.trim() === '') return { error: 'Enter the project\'s name, e.g. "Billing Service".' };
  const feedback = ruleFeedback(() => checkOneLine(value, 'project name', LIMITS.line));
  if (feedback.error) return feedback;
  const slug = slugify(value.trim());
  if (slug === '') return { error: `"${value.trim()}" gives an empty slug: use letters or digits.` };
  const path = projectNotePath(slug);
  if (c.store.team?.projects.some((p) => p.slug === slug) || (await c.store.fs?.stat(path))) return { error: `A project "${slug}" already exists (${path}).` };
  return { hint: `Slug: ${slug} → ${path}` };
}

async function write(c: Services, w: ProjectWizard): Promise<NewProjectResult | undefined> {
  let result: NewProjectResult | undefined;
  try {
    const path = projectNotePath(slugify(w.name));
    const event = (r: NewProjectResult) => teamEvents.projectCreated(DASHBOARD_ACTOR, r.slug, r.path, w.name);
    result = await c.writer.write({ what: 'create a project note', paths: [path], event }, (fs) =>
      createProject(fs, { name: w.name, created: formatDate(c.clock.now()), status: w.status, nextAction: w.nextAction, notes: w.notes }),
    );
  } catch (e) {
    if (!(e instanceof CortexInputError || e instanceof UnsavedChangesError)) throw e;
    await c.prompts.error(`Cortex: nothing was written. ${e.message}`);
    return undefined;
  }
  if (!result) return undefined;
  c.log.info(`Created ${result.path} (from the ${result.template} template)`);
  void c.prompts.info(`Cortex: created ${result.path} (${w.status}). Agents take part in it by listing "${result.slug}" under ## Projects in their notes.`);
  await openAtNotes(c, result.path);
  return result;
}

/** Opens the new note with the cursor at the end of its `## Notes`, to write more. */
async function openAtNotes(c: Services, path: string): Promise<void> {
  const uri = c.store.fs?.uri(path);
  if (!uri) return;
  const doc = await vscode.workspace.openTextDocument(uri);
  const lines = doc.getText().split(/\r\n|\r|\n/);
  const heading = lines.findIndex((l) => /^##\s+notes\s*$/i.test(l));
  let line = heading < 0 ? lines.length - 1 : heading;
  while (heading >= 0 && line + 1 < lines.length && lines[line + 1].trim() !== '' && !lines[line + 1].startsWith('## ')) line++;
  const end = new vscode.Position(line, lines[line]?.length ?? 0);
  await vscode.window.showTextDocument(doc, { preview: false, selection: new vscode.Range(end, end) });
}
