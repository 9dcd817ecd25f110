import { promises as nodeFs } from 'fs';
import * as vscode from 'vscode';
import { DirEntry, FileNotFoundError, FileStat, TeamFs, dirname } from '../core/fs/team-fs';

/**
 * The team folder through `vscode.workspace.fs`: works wherever VS Code can reach the
 * folder (local, Remote-SSH, WSL, Codespaces, code-server, virtual file systems).
 *
 * One exception, for `file:` folders: replacing a file. `workspace.fs.rename` with
 * `overwrite` deletes the target before renaming, so for a moment tasks.md would not
 * exist and an agent reading or writing it then would see no file or lose its edit.
 * Node's rename replaces the file in one step, and hard links give the core's editor
 * its writer lock and its check for in-place writes made during the replace (see
 * src/core/edit.ts). The extension host runs where `file:` folders are (also in
 * remote windows), so Node's `fs` reaches the same files.
 */
export class VscodeTeamFs implements TeamFs {
  readonly link?: (existing: string, newPath: string) => Promise<void>;

  constructor(readonly root: vscode.Uri) {
    if (root.scheme === 'file') {
      this.link = (existing, newPath) => nodeFs.link(this.uri(existing).fsPath, this.uri(newPath).fsPath);
    }
  }

  /** The Uri of a team-relative path ("" is the team folder). */
  uri(path: string): vscode.Uri {
    return path === '' ? this.root : vscode.Uri.joinPath(this.root, ...path.split('/'));
  }

  /** The team-relative path of a Uri, or `undefined` when it lies outside the folder. */
  relative(uri: vscode.Uri): string | undefined {
    return relativePath(this.root, uri);
  }

  async readFile(path: string): Promise<Uint8Array> {
    try {
      return await vscode.workspace.fs.readFile(this.uri(path));
    } catch (e) {
      throw isNotFound(e) ? new FileNotFoundError(path) : e;
    }
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    const parent = dirname(path);
    if (parent !== '') await vscode.workspace.fs.createDirectory(this.uri(parent));
    await vscode.workspace.fs.writeFile(this.uri(path), data);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    try {
      const s = await vscode.workspace.fs.stat(this.uri(path));
      return { kind: s.type & vscode.FileType.Directory ? 'directory' : 'file', size: s.size, mtimeMs: s.mtime };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  async list(path: string): Promise<DirEntry[]> {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(this.uri(path));
    } catch (e) {
      if (isNotFound(e) || isNotADirectory(e)) return [];
      throw e;
    }
    const out: DirEntry[] = [];
    for (const [name, type] of entries) {
      if (type & vscode.FileType.Directory) out.push({ name, kind: 'directory' });
      else if (type & vscode.FileType.File) out.push({ name, kind: 'file' });
    }
    return out;
  }

  async rename(from: string, to: string): Promise<void> {
    const parent = dirname(to);
    if (parent !== '') await vscode.workspace.fs.createDirectory(this.uri(parent));
    try {
      if (this.root.scheme === 'file') await nodeFs.rename(this.uri(from).fsPath, this.uri(to).fsPath);
      else await vscode.workspace.fs.rename(this.uri(from), this.uri(to), { overwrite: true });
    } catch (e) {
      throw isNotFound(e) ? new FileNotFoundError(from) : e;
    }
  }

  async remove(path: string): Promise<void> {
    try {
      await vscode.workspace.fs.delete(this.uri(path), { recursive: false, useTrash: false });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
}

/** `child` relative to `root` with `/`, `""` for the root itself, `undefined` when outside. */
export function relativePath(root: vscode.Uri, child: vscode.Uri): string | undefined {
  if (root.scheme !== child.scheme || root.authority !== child.authority) return undefined;
  const base = root.path.endsWith('/') ? root.path : root.path + '/';
  if (child.path === root.path || child.path + '/' === base) return '';
  return child.path.startsWith(base) ? child.path.slice(base.length) : undefined;
}

// Errors from `workspace.fs` are `FileSystemError`s; their `code` says what went wrong
// (the name reads e.g. "EntryNotFound (FileSystemError)"). Checked by shape so that
// errors crossing from a file-system provider in another extension still match.
function isNotFound(e: unknown): boolean {
  return errorCode(e) === 'FileNotFound' || errorCode(e) === 'ENOENT' || /EntryNotFound/.test(errorName(e));
}

function isNotADirectory(e: unknown): boolean {
  return errorCode(e) === 'FileNotADirectory' || errorCode(e) === 'ENOTDIR' || /EntryNotADirectory/.test(errorName(e));
}

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function errorName(e: unknown): string {
  const name = (e as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
}
