import { createHash, randomBytes } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';

/**
 * The command agents' MCP configurations run: `node <storage>/cli/cortex-team.js mcp …`.
 *
 * The extension's own `dist/cli.js` lives in a folder named after its version, which an
 * update replaces (and VS Code deletes the old one), so a configuration that named it
 * would stop working with every update. Instead the extension keeps a copy of its
 * command line (the CLI and MCP bundles and the protocol texts they read) in its global
 * storage, one folder per build, and a launcher whose path never changes and which
 * loads the newest copy. Generate Protocol File installs it; every activation after an
 * update brings it up to date (a new copy first, then the launcher is replaced in one
 * rename, so an agent starting its server meanwhile gets the old copy or the new one,
 * never half of either). The copy before the current one is kept for servers that are
 * still starting from it; older ones are removed.
 *
 * Node only, no `vscode`: the storage folder is on the extension host's disk, where
 * the agents run.
 */
export const LAUNCHER_FILE = 'cortex-team.js';
/** What a copy holds, relative to the package root: the bundles, and the texts `cortex://protocol/…` serves. */
const BUNDLES = ['dist/cli.js', 'dist/mcp.js', 'dist/hook.js'];
const TEXTS = 'templates/protocol';
/** An unfinished copy (`.tmp-…`) older than this is from a window that died mid-copy. */
const STALE_COPY_MS = 10 * 60_000;

/** The launcher's text for the copy in `build` (a folder beside it). */
export function launcherText(build: string): string {
  return [
    '#!/usr/bin/env node',
    '// Written by the Cortex Team extension. Runs the copy of its `cortex-team` command kept',
    `// beside this file (${build}), so that the MCP configurations naming this file keep`,
    '// working when the extension is updated. Replaced by the extension on an update.',
    `require('./${build}/dist/cli.js');`,
    '',
  ].join('\n');
}

/** The copy a launcher loads; `undefined` when the text is not a launcher. */
export function launcherTarget(text: string): string | undefined {
  return /^require\('\.\/([A-Za-z0-9._-]+)\/dist\/cli\.js'\);$/m.exec(text)?.[1];
}

export interface LauncherState {
  /** The launcher's path (what the configurations name). */
  readonly path: string;
  /** The copy it loads now. */
  readonly build: string;
  /** A new copy was made, or the launcher written, by this call. */
  readonly changed: boolean;
}

export class CliLauncher {
  private buildName: Promise<string> | undefined;

  /**
   * @param packageRoot the extension's folder (with dist/ and templates/)
   * @param storageDir the extension's global storage folder
   */
  constructor(
    private readonly packageRoot: string,
    private readonly storageDir: string,
    private readonly version: string,
  ) {}

  private get dir(): string {
    return path.join(this.storageDir, 'cli');
  }

  /** What the configurations name; the same across updates. */
  get path(): string {
    return path.join(this.dir, LAUNCHER_FILE);
  }

  /** This build's folder name: the version and a hash of the bundles (a rebuilt development copy differs). */
  build(): Promise<string> {
    this.buildName ??= (async () => {
      const hash = createHash('sha256');
      for (const rel of BUNDLES) hash.update(await fs.readFile(path.join(this.packageRoot, rel)));
      return `${this.version.replace(/[^A-Za-z0-9.-]/g, '_')}-${hash.digest('hex').slice(0, 12)}`;
    })();
    return this.buildName;
  }

  /** The copy the launcher loads now; `undefined` when there is no launcher. */
  async installedBuild(): Promise<string | undefined> {
    try {
      return launcherTarget(await fs.readFile(this.path, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  /** Makes the launcher load this build (copying it first when needed). */
  async ensure(): Promise<LauncherState> {
    const build = await this.build();
    const before = await this.installedBuild();
    let changed = await this.copy(build);
    const text = launcherText(build);
    if ((await fs.readFile(this.path, 'utf8').catch(() => undefined)) !== text) {
      await writeAtomic(this.path, text);
      changed = true;
    }
    await this.prune(new Set([build, ...(before && before !== build ? [before] : [])]));
    return { path: this.path, build, changed };
  }

  /** At activation: brings an installed launcher up to this build; does nothing when none was ever installed. */
  async refresh(): Promise<LauncherState | undefined> {
    const installed = await this.installedBuild();
    if (installed === undefined) return undefined;
    if (installed === (await this.build()) && (await exists(path.join(this.dir, installed, BUNDLES[0])))) return { path: this.path, build: installed, changed: false };
    return this.ensure();
  }

  /** Copies this build into its folder unless it is there; true when it copied. */
  private async copy(build: string): Promise<boolean> {
    const target = path.join(this.dir, build);
    if (await exists(path.join(target, BUNDLES[0]))) return false;
    const staging = path.join(this.dir, `.tmp-${randomBytes(6).toString('hex')}`);
    try {
      const texts = (await fs.readdir(path.join(this.packageRoot, TEXTS))).map((name) => `${TEXTS}/${name}`);
      for (const rel of [...BUNDLES, ...texts]) {
        await fs.mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
        await fs.copyFile(path.join(this.packageRoot, rel), path.join(staging, rel));
      }
      try {
        await fs.rename(staging, target);
      } catch (e) {
        // Another window made the same copy first: theirs is as good.
        if (!(await exists(path.join(target, BUNDLES[0])))) throw e;
      }
      return true;
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  /** Removes copies other than `keep`, and unfinished copies left by a window that died. */
  private async prune(keep: ReadonlySet<string>): Promise<void> {
    const now = Date.now();
    for (const entry of await fs.readdir(this.dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || keep.has(entry.name)) continue;
      const full = path.join(this.dir, entry.name);
      if (entry.name.startsWith('.tmp-')) {
        const stat = await fs.stat(full).catch(() => undefined);
        if (!stat || now - stat.mtimeMs < STALE_COPY_MS) continue;
      }
      await fs.rm(full, { recursive: true, force: true });
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Our own file, replaced in one rename (never read half-written by an agent starting its server). */
async function writeAtomic(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, text, { mode: 0o755 });
    await fs.rename(temp, file);
  } finally {
    await fs.rm(temp, { force: true });
  }
}
