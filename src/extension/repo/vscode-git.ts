import * as vscode from 'vscode';

/**
 * The few members of VS Code's built-in git extension API (`vscode.git`, getAPI(1))
 * this extension uses, typed here because the API's typings are not an npm package.
 * Committing through it keeps the Source Control view in step at once.
 */
interface GitChange {
  readonly uri: vscode.Uri;
}

interface GitRepositoryState {
  readonly indexChanges: readonly GitChange[];
  readonly mergeChanges: readonly GitChange[];
  readonly HEAD: { readonly commit?: string } | undefined;
}

export interface VscodeGitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: GitRepositoryState & { readonly onDidChange: vscode.Event<void> };
  status(): Promise<void>;
  add(paths: string[]): Promise<void>;
  commit(message: string, opts?: { readonly postCommitCommand?: string | null }): Promise<void>;
}

interface VscodeGitApi {
  getRepository(uri: vscode.Uri): VscodeGitRepository | null;
  openRepository?(root: vscode.Uri): Promise<VscodeGitRepository | null>;
}

interface VscodeGitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): VscodeGitApi;
}

/** The built-in git extension's API when it is installed and enabled (`git.enabled`), else `undefined`. */
export async function vscodeGitApi(): Promise<VscodeGitApi | undefined> {
  const ext = vscode.extensions.getExtension<VscodeGitExtension>('vscode.git');
  if (!ext) return undefined;
  try {
    const exports = ext.isActive ? ext.exports : await ext.activate();
    if (!exports?.enabled) return undefined;
    return exports.getAPI(1);
  } catch {
    return undefined;
  }
}

/** The built-in git extension's repository at `root` (opened if needed), or `undefined`. */
export async function vscodeGitRepository(root: string): Promise<VscodeGitRepository | undefined> {
  const api = await vscodeGitApi();
  if (!api) return undefined;
  const uri = vscode.Uri.file(root);
  const found = api.getRepository(uri) ?? (api.openRepository ? await api.openRepository(uri).catch(() => null) : null);
  return found && found.rootUri.fsPath === uri.fsPath ? found : undefined;
}

/**
 * Commits `files` (absolute paths) with the built-in git extension, but only when
 * nothing else is staged or mid-merge: its commit takes the whole index, and other
 * people's staged work must not ride along. `false`: not done, use the git CLI.
 */
export async function commitWithVscodeGit(root: string, files: readonly string[], message: string): Promise<boolean> {
  const repo = await vscodeGitRepository(root);
  if (!repo) return false;
  await repo.status();
  const ours = new Set(files.map((f) => vscode.Uri.file(f).fsPath));
  if (repo.state.mergeChanges.length > 0) return false;
  if (repo.state.indexChanges.some((c) => !ours.has(c.uri.fsPath))) return false;
  await repo.add([...files]);
  await repo.commit(message, { postCommitCommand: null });
  return true;
}
