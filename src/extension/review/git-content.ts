import * as path from 'path';
import * as vscode from 'vscode';
import { fileAtRevision } from '../../git/task-changes';

/**
 * The left (and, for a finished task, right) sides of a review diff: a file as it was
 * at a commit, read with `git show` in its repository. The URI keeps the file's own
 * path (so the editor knows its name and language) and carries the repository and the
 * revision in its query. Read-only.
 */
export const GIT_CONTENT_SCHEME = 'cortex-git';

interface Query {
  readonly root: string;
  readonly rev: string;
}

export function gitContentUri(root: string, rev: string, repoPath: string): vscode.Uri {
  return vscode.Uri.from({ scheme: GIT_CONTENT_SCHEME, path: vscode.Uri.file(path.join(root, repoPath)).path, query: JSON.stringify({ root, rev } satisfies Query) });
}

export class GitContentProvider implements vscode.TextDocumentContentProvider {
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    let q: Query;
    try {
      q = JSON.parse(uri.query) as Query;
    } catch {
      return '';
    }
    if (typeof q.root !== 'string' || typeof q.rev !== 'string' || !/^[0-9a-f]{40,64}$/.test(q.rev)) return '';
    const file = vscode.Uri.from({ scheme: 'file', path: uri.path }).fsPath;
    const rel = path.relative(q.root, file).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) return '';
    return (await fileAtRevision(q.root, q.rev, rel)) ?? '';
  }
}
