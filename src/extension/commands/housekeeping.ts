import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { PrunePlan, applyPrune, planPrune, pruneSummary } from '../../core/ops/prune';
import { formatStamp } from '../../base/time';
import { HOUSEKEEPING_MESSAGE, commitFiles, housekeepingPaths } from '../../git/commit-files';
import { findTeamRepo, git, operationInProgress } from '../../git/repo';
import { errorMessage, loadedTeam } from './agent-picks';
import { ProtocolPreviews } from '../ui/diff-previews';
import { Services } from '../services';
import { commitWithVscodeGit } from '../repo/vscode-git';
import { UnsavedChangesError } from '../writes/team-writer';

/**
 * "Cortex: Run Housekeeping": the coordinator's cleanup from the protocol. The core's
 * prune says what goes (done tasks whose Completed is older than the setting's days;
 * Session Log entries but the latest); the diffs open for review; Apply prunes each
 * file again from its fresh text (an agent's edit made meanwhile is kept), then
 * commits exactly those files with the protocol's message, through the built-in git
 * extension when it can, the git CLI otherwise.
 */
export { HOUSEKEEPING_MESSAGE };

export interface HousekeepingResult {
  /** Team-relative paths written. */
  readonly pruned: readonly string[];
  readonly tasks: number;
  readonly logEntries: number;
  /** The commit made, or why none was. */
  readonly commit: { readonly sha: string; readonly via: 'vscode.git' | 'git' } | { readonly none: 'not-repo' | 'busy' | 'not-local' | 'failed' | 'nothing' };
}

interface ReviewItem extends vscode.QuickPickItem {
  readonly action: 'apply' | 'show' | 'cancel';
  readonly file?: PrunePlan['files'][number];
}

export async function runHousekeeping(c: Services, previews: ProtocolPreviews): Promise<HousekeepingResult | undefined> {
  const result = await c.writer.whenTrusted('run housekeeping', async () => {
    try {
      return await housekeeping(c, previews);
    } finally {
      await previews.closeAll();
    }
  });
  return result ?? undefined;
}

async function housekeeping(c: Services, previews: ProtocolPreviews): Promise<HousekeepingResult | undefined> {
  const team = await loadedTeam(c);
  const fs = c.store.fs;
  if (!team || !fs) return undefined;
  const days = c.settings.current.housekeepingDays;
  const now = formatStamp(c.clock.now());
  const plan = await planPrune(fs, { days, now });
  if (plan.files.length === 0) {
    await c.prompts.info(`Cortex: nothing to prune. No done task was completed more than ${days} ${days === 1 ? 'day' : 'days'} ago and no Session Log has more than one entry; nothing was written or committed.`);
    return { pruned: [], tasks: 0, logEntries: 0, commit: { none: 'nothing' } };
  }
  const summary = pruneSummary(plan);
  // The last diff opened is in front: the first file.
  for (const f of [...plan.files].reverse()) await previews.show(f.path, f.before, f.after, 'housekeeping');
  for (;;) {
    const items: ReviewItem[] = [
      { label: '$(check) Apply', description: summary.text, detail: `${plan.files.length} ${plan.files.length === 1 ? 'file' : 'files'}, then a commit "${HOUSEKEEPING_MESSAGE}" when the team folder is in a git repository`, action: 'apply' },
      ...plan.files.map((f): ReviewItem => ({ label: `$(diff) Show ${f.path}`, description: f.items.map((i) => i.label).join(' · '), action: 'show', file: f })),
      { label: '$(close) Cancel', description: 'Change nothing', action: 'cancel' },
    ];
    const picked = await c.prompts.pickStep<ReviewItem>({
      title: `Cortex: Run Housekeeping? ${summary.text}`,
      items,
      placeholder: `Done tasks completed more than ${days} days ago and Session Log entries but the latest; the diffs show each change`,
      ignoreFocusOut: true,
    });
    if (picked.kind !== 'accept' || picked.value.action === 'cancel') return undefined;
    if (picked.value.action === 'show') {
      const f = picked.value.file!;
      await previews.show(f.path, f.before, f.after, 'housekeeping');
      continue;
    }
    break;
  }
  await previews.closeAll();
  let written: Awaited<ReturnType<typeof applyPrune>> | undefined;
  try {
    const event = (files: Awaited<ReturnType<typeof applyPrune>>) => teamEvents.pruned(DASHBOARD_ACTOR, files);
    written = await c.writer.write({ what: 'run housekeeping', paths: plan.files.map((f) => f.path), event }, (teamFs) => applyPrune(teamFs, plan));
  } catch (e) {
    if (!(e instanceof UnsavedChangesError)) throw e;
    await c.prompts.error(`Cortex: nothing was pruned. ${e.path} has unsaved changes in an editor: save or revert them, then run housekeeping again.`);
    return undefined;
  }
  if (!written) return undefined;
  const done = pruneSummary({ files: written.map((w) => ({ ...w, before: '', after: '' })) });
  const pruned = written.map((w) => w.path);
  if (pruned.length === 0) {
    await c.prompts.info('Cortex: nothing was pruned: the files changed since the preview and nothing in them is old enough any more. Nothing was committed.');
    return { pruned, tasks: 0, logEntries: 0, commit: { none: 'nothing' } };
  }
  const commit = await commitPruned(c, pruned);
  const base = { pruned, tasks: done.tasks, logEntries: done.logEntries, commit };
  const what = `Cortex: pruned ${done.text} (${pruned.length} ${pruned.length === 1 ? 'file' : 'files'})`;
  if ('sha' in commit) {
    c.log.info(`Housekeeping: ${done.text}; committed ${commit.sha} via ${commit.via}: ${pruned.join(', ')}`);
    void c.prompts.info(`${what} and committed them: "${HOUSEKEEPING_MESSAGE}" (${commit.sha.slice(0, 7)}). The pruned text stays in git history.`);
  } else if (commit.none === 'not-repo') {
    await c.prompts.warn(`${what}. The team folder is not in a git repository, so nothing was committed and the pruned text is not kept anywhere. Make the team folder a git repository to keep a history.`);
  } else if (commit.none === 'busy') {
    await c.prompts.warn(`${what}, but did not commit: the team folder's repository is in the middle of a rebase or merge. Finish it (or "Cortex: Continue Sync"), then commit the pruned files.`);
  } else if (commit.none === 'not-local') {
    await c.prompts.warn(`${what}. The team folder is not on this machine's file system, so nothing was committed.`);
  } else if (commit.none === 'nothing') {
    await c.prompts.info(`${what}. Git sees no change in those files, so nothing was committed.`);
  }
  return base;
}

/** Commits exactly the pruned files and the activity feed; says why not when it cannot. */
async function commitPruned(c: Services, pruned: readonly string[]): Promise<HousekeepingResult['commit']> {
  const root = c.store.location?.uri;
  if (!root || root.scheme !== 'file') return { none: 'not-local' };
  try {
    const repo = await findTeamRepo(root.fsPath);
    if (!repo) return { none: 'not-repo' };
    if (operationInProgress(repo)) return { none: 'busy' };
    const paths = await housekeepingPaths(repo, pruned);
    const head = async () => (await git(repo.root, ['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '')).trim();
    const before = await head();
    try {
      if (await commitWithVscodeGit(repo.root, paths.map((p) => vscode.Uri.joinPath(vscode.Uri.file(repo.root), ...p.split('/')).fsPath), HOUSEKEEPING_MESSAGE)) {
        const after = await head();
        if (after !== before) return { sha: after, via: 'vscode.git' };
      }
    } catch (e) {
      c.log.warn(`Housekeeping: the built-in git extension could not commit (${errorMessage(e)}); using the git CLI.`);
    }
    const r = await commitFiles(repo, paths, HOUSEKEEPING_MESSAGE);
    return r.commit ? { sha: r.commit, via: 'git' } : { none: 'nothing' };
  } catch (e) {
    c.log.error(`Housekeeping commit failed: ${errorMessage(e)}`);
    await c.prompts.error(`Cortex: the files were pruned, but the commit failed: ${errorMessage(e)}. Commit them yourself with "${HOUSEKEEPING_MESSAGE}".`);
    return { none: 'failed' };
  }
}
