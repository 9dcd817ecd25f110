// Shared by the commands-* suites (Dispatch Task, Register Agent, Generate Protocol
// File): the extension's test API, scripted answers for every QuickInput step, and
// agents of their own in the scratch team (removed afterwards, so the example team
// other suites count on stays as it was).
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InputStepRequest, PickStepRequest } from '../../../src/extension/ui/quick-input';
import type { MessageSeverity, ShownMessage, StepAnswer } from '../../../src/extension/ui/prompts';
import type { CortexTestApi } from '../../../src/app/test-api';

export const EXTENSION_ID = 'cortex-team.cortex-team';

export async function api(): Promise<CortexTestApi> {
  const extension = vscode.extensions.getExtension<CortexTestApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  const value = await extension.activate();
  assert.ok(value, 'activate() returns the test API in test runs');
  await waitFor(() => value.store.state === 'loaded', 30_000, 'the team to load');
  return value;
}

export function teamDir(a: CortexTestApi): string {
  return a.store.location!.uri.fsPath;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns something truthy (test/harness/wait-for.ts). */
import { waitFor } from '../../harness/wait-for';

export { waitFor };

// ---- scripted answers ------------------------------------------------------------

/** One answer: what a person would do at the next step. A function sees the step (and may act first, e.g. write a file). */
export type Step =
  | StepAnswer
  | ((request: InputStepRequest & PickStepRequest<vscode.QuickPickItem>, attempt: number) => StepAnswer | Promise<StepAnswer>);

export const BACK = { back: true } as const;
export const ESCAPE = undefined;

export interface Script {
  /** Answers not used yet (a finished script has none). */
  readonly left: () => number;
  /** Every step title asked, in order. */
  readonly asked: string[];
}

/**
 * Answers the next steps in order, one answer per step (an input that refuses text is
 * asked again and takes the next answer). `message` answers notifications (default:
 * dismissed). A step with no answer left fails the command.
 */
export type MessageAnswer = (severity: MessageSeverity, text: string, items: readonly string[]) => string | undefined | Promise<string | undefined>;

export interface ScriptOptions {
  readonly message?: MessageAnswer;
  /** What the folder dialog returns (default: cancelled). */
  readonly openDialog?: (options: vscode.OpenDialogOptions) => vscode.Uri[] | undefined;
}

export function script(a: CortexTestApi, steps: Step[], options: ScriptOptions | MessageAnswer = {}): Script {
  const { message, openDialog } = typeof options === 'function' ? { message: options, openDialog: undefined } : options;
  const queue = [...steps];
  const asked: string[] = [];
  const next = async (request: InputStepRequest & PickStepRequest<vscode.QuickPickItem>, attempt: number): Promise<StepAnswer> => {
    asked.push(request.title);
    if (queue.length === 0) throw new Error(`no scripted answer for the step "${request.title}"`);
    const answer = queue.shift()!;
    return typeof answer === 'function' ? answer(request, attempt) : answer;
  };
  a.setPromptAnswers({
    inputStep: (request, attempt) => next(request as InputStepRequest & PickStepRequest<vscode.QuickPickItem>, attempt),
    pickStep: (request) => next(request as InputStepRequest & PickStepRequest<vscode.QuickPickItem>, 1),
    message: message ?? (() => undefined),
    openDialog: openDialog ?? (() => undefined),
    quickPick: () => {
      throw new Error('unexpected plain QuickPick');
    },
  });
  return { left: () => queue.length, asked };
}

export function messages(a: CortexTestApi, severity?: MessageSeverity): ShownMessage[] {
  return a.shownMessages.filter((m) => !severity || m.severity === severity);
}

/** The one message matching `pattern` (fails listing every message otherwise). */
export function message(a: CortexTestApi, pattern: RegExp, severity?: MessageSeverity): ShownMessage {
  const found = messages(a, severity).filter((m) => pattern.test(m.message));
  assert.equal(found.length, 1, `one ${severity ?? ''} message matching ${pattern}; shown: ${JSON.stringify(a.shownMessages, null, 1)}`);
  return found[0];
}

export function noErrors(a: CortexTestApi): void {
  assert.deepEqual(messages(a, 'error').map((m) => m.message), [], 'no error message');
}

/** The feedback given for each text typed at the step titled like `title`. */
export function feedbackAt(a: CortexTestApi, title: RegExp): Array<{ value: string | undefined; error?: string; warning?: string; hint?: string }> {
  return a.shownSteps.filter((s) => s.kind === 'input' && title.test(s.title)).map((s) => ({ value: s.value, error: s.feedback?.error, warning: s.feedback?.warning, hint: s.feedback?.hint }));
}

/** "step/total" of every step shown, with "<" for a Back button. */
export function stepTrail(a: CortexTestApi): string[] {
  return a.shownSteps.map((s) => `${s.canGoBack ? '<' : ''}${s.step}/${s.totalSteps}`);
}

// ---- agents and folders of the tests' own ----------------------------------------

export interface TestAgent {
  readonly slug: string;
  readonly name: string;
  readonly tasksFile: string;
  readonly noteFile: string;
  readonly project: string;
}

/** Writes an agent (note, tasks.md, a project folder in the temp folder) and waits for the store to show it. */
export async function addAgent(
  a: CortexTestApi,
  options: { slug: string; name: string; role?: string; tasks?: string; project?: string | null },
): Promise<TestAgent> {
  const team = teamDir(a);
  const dir = path.join(team, 'agents', options.slug);
  mkdirSync(dir, { recursive: true });
  const project = options.project === undefined ? tempFolder(`project-${options.slug}-`) : options.project;
  const noteFile = path.join(dir, `${options.slug}.md`);
  const tasksFile = path.join(dir, 'tasks.md');
  writeFileSync(
    noteFile,
    `---\nname: ${options.name}\n${project === null ? '' : `project: ${project}\n`}status: active\njoined: 2026-03-01\n---\n\n## Role\n${options.role ?? 'Integration test worker'}\n\n## Projects\n\n## Capabilities\n- Testing\n\n## Session Log\nLast session: --\nStatus: registered\n`,
  );
  writeFileSync(tasksFile, options.tasks ?? '');
  a.store.notifyChanged([`agents/${options.slug}/${options.slug}.md`, `agents/${options.slug}/tasks.md`]);
  await waitFor(() => a.store.team?.agents.some((x) => x.slug === options.slug && x.name === options.name), 10_000, `agent ${options.slug} in the store`);
  return { slug: options.slug, name: options.name, tasksFile, noteFile, project: project ?? '' };
}

/** Removes agent folders written by a test and waits for the store to drop them. */
export async function removeAgents(a: CortexTestApi, slugs: readonly string[]): Promise<void> {
  const team = teamDir(a);
  for (const slug of slugs) rmSync(path.join(team, 'agents', slug), { recursive: true, force: true });
  a.store.notifyChanged(slugs.flatMap((s) => [`agents/${s}/${s}.md`, `agents/${s}/tasks.md`, `agents/${s}`]));
  await waitFor(() => !a.store.team?.agents.some((x) => slugs.includes(x.slug)), 10_000, `agents ${slugs.join(', ')} gone from the store`);
}

const temps: string[] = [];

export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cortex-it-${prefix}`));
  temps.push(dir);
  return dir;
}

export function removeTempFolders(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A file's text without the hidden `<!-- cortex-team:id … -->` line (and the blank
 * line before it) that every dispatched task carries: its id is random, and the
 * core's tests check where it goes. `readExact` keeps it.
 */
export function read(file: string): string {
  return readExact(file).replace(/\r?\n\r?\n<!-- cortex-team:id [0-9a-f]+ -->(?=\r?\n|$)/g, '');
}

export function readExact(file: string): string {
  return readFileSync(file, 'utf8');
}

export function exists(file: string): boolean {
  return existsSync(file);
}

/** Leaves the window as the tests found it: real prompts, trusted, no editors. */
export async function reset(a: CortexTestApi): Promise<void> {
  // The next test rewrites the fixture files: the journal must not put this test's writes back.
  a.forgetPendingWrites();
  a.setPromptAnswers(undefined);
  a.setTrusted(undefined);
  await closeEverything();
}

/** Closes every editor without a save prompt (unsaved drafts and edits are reverted first). */
export async function closeEverything(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Editor tabs showing a protocol diff preview. */
export function previewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'cortex-protocol');
}
