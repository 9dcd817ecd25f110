import * as vscode from 'vscode';
import { NodeTeamFs } from '../../core/fs/node-fs';
import { DirEntry, FileNotFoundError, FileStat, TeamFs, dirname } from '../../core/fs/team-fs';

/**
 * The team folder through `vscode.workspace.fs`: works wherever VS Code can reach the
 * folder (local, Remote-SSH, WSL, Codespaces, code-server, virtual file systems).
 *
 * A `file:` folder goes through Node's `fs` instead (`NodeTeamFs`, the CLI's adapter):
 * the extension host runs where `file:` folders are (also in remote windows), and only
 * there can the one writer (src/core/edit/writer.ts) keep its promises: a replace in
 * one step (`workspace.fs.rename` with `overwrite` deletes the target first, so for a
 * moment tasks.md would not exist), a symbolic link refused rather than replaced,
 * mode, owner, group and hard links kept, `fsync` before and after the rename, and the
 * lock with its holder's pid. Other schemes get the writer without those extras.
 */
export class VscodeTeamFs implements TeamFs {
  /** The same folder on the local disk, for `file:` folders. */
  private readonly disk?: NodeTeamFs;
  readonly link?: (existing: string, newPath: string) => Promise<void>;
  readonly lstat?: TeamFs['lstat'];
  readonly realPath?: TeamFs['realPath'];
  readonly writeNewFile?: TeamFs['writeNewFile'];
  readonly overwriteInPlace?: TeamFs['overwriteInPlace'];
  readonly renameIf?: TeamFs['renameIf'];
  readonly syncFolder?: TeamFs['syncFolder'];

  constructor(readonly root: vscode.Uri) {
    if (root.scheme === 'file') {
      const disk = (this.disk = new NodeTeamFs(root.fsPath));
      this.link = (existing, newPath) => disk.link(existing, newPath);
      this.lstat = (path) => disk.lstat(path);
      this.realPath = (path) => disk.realPath(path);
      this.writeNewFile = (path, data, like) => disk.writeNewFile(path, data, like);
      this.overwriteInPlace = (path, data) => disk.overwriteInPlace(path, data);
      this.renameIf = (from, to, guard, check) => disk.renameIf(from, to, guard, check);
      this.syncFolder = (path) => disk.syncFolder(path);
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
    if (this.disk) return this.disk.readFile(path);
    try {
      return await vscode.workspace.fs.readFile(this.uri(path));
    } catch (e) {
      throw isNotFound(e) ? new FileNotFoundError(path) : e;
    }
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    if (this.disk) return this.disk.writeFile(path, data);
    const parent = dirname(path);
    if (parent !== '') await vscode.workspace.fs.createDirectory(this.uri(parent));
    await vscode.workspace.fs.writeFile(this.uri(path), data);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    if (this.disk) return this.disk.stat(path);
    try {
      const s = await vscode.workspace.fs.stat(this.uri(path));
      return { kind: s.type & vscode.FileType.Directory ? 'directory' : 'file', size: s.size, mtimeMs: s.mtime };
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /** Through `workspace.fs` also on disk: it lists linked files and folders, which the views show (only writes refuse links). */
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
    if (this.disk) return this.disk.rename(from, to);
    const parent = dirname(to);
    if (parent !== '') await vscode.workspace.fs.createDirectory(this.uri(parent));
    try {
      await vscode.workspace.fs.rename(this.uri(from), this.uri(to), { overwrite: true });
    } catch (e) {
      throw isNotFound(e) ? new FileNotFoundError(from) : e;
    }
  }

  async remove(path: string): Promise<void> {
    if (this.disk) return this.disk.remove(path);
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
