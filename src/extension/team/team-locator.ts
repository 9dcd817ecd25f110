import * as os from 'os';
import * as vscode from 'vscode';
import { CortexConfig, Diagnostic } from '../../core/team/model';
import { expandHome, parseConfig } from '../../core/parse/config';
import { isAbsolutePath } from '../../core/team/project-folder';
import { decodeText } from '../../core/text/text';

/**
 * Where the team folder is. In order:
 * 1. the folder picked with "Cortex: Select Team Folder" in this workspace (remembered),
 * 2. the `cortex.teamDirectory` setting,
 * 3. a workspace folder that contains `agents/` (the first, when there are several),
 * 4. `team_dir` from `~/.cortex/config.yaml` (the Claude Code plugin's config;
 *    `$CORTEX_HOME/config.yaml` when CORTEX_HOME is set, as the plugin reads its other
 *    files from `$CORTEX_HOME`); a relative `team_dir` is taken from that file's folder,
 *    not from wherever the editor happened to start,
 * 5. `~/cortex-team`.
 * 3 to 5 count only when the folder really holds an `agents/` folder.
 */
export type TeamSource = 'selected' | 'setting' | 'workspace' | 'config' | 'default';

export interface TeamLocation {
  readonly uri: vscode.Uri;
  readonly source: TeamSource;
  /** The config.yaml whose `team_dir` named it (source `config`): said in its label. */
  readonly configFile?: vscode.Uri;
}

export interface LocateResult {
  /** The team to show; `undefined` when none was found. */
  readonly team: TeamLocation | undefined;
  /** Every team folder found, for "Select Team Folder" (the chosen one included). */
  readonly candidates: readonly TeamLocation[];
  /** How many workspace folders are team folders (several: the user should pick). */
  readonly workspaceTeams: number;
  /** Why the configured folder could not be used, when it could not. */
  readonly problem: string | undefined;
  /** `~/.cortex/config.yaml`, when it exists. */
  readonly config: { readonly uri: vscode.Uri; readonly config: CortexConfig; readonly diagnostics: readonly Diagnostic[] } | undefined;
}

export const SELECTED_TEAM_KEY = 'cortex.selectedTeam';

/** Where the locator looks outside the workspace, read afresh at every locate. */
export interface LocatorHome {
  /** The user's home folder (`~`), on the machine the extension host runs on. */
  readonly home: string | undefined;
  /** `$CORTEX_HOME`: the folder that holds config.yaml instead of `~/.cortex`. */
  readonly cortexHome: string | undefined;
}

/** The extension host's own: `os.homedir()` (which honours `$HOME`) and `$CORTEX_HOME`. */
export function processHome(env: NodeJS.ProcessEnv = process.env): LocatorHome {
  const cortexHome = env.CORTEX_HOME?.trim();
  return { home: os.homedir() || undefined, cortexHome: cortexHome ? cortexHome : undefined };
}

export async function locateTeam(workspaceState: vscode.Memento, where: LocatorHome = processHome()): Promise<LocateResult> {
  const candidates: TeamLocation[] = [];
  const add = (loc: TeamLocation) => {
    if (!candidates.some((c) => sameUri(c.uri, loc.uri))) candidates.push(loc);
  };
  let problem: string | undefined;
  let team: TeamLocation | undefined;

  const remembered = workspaceState.get<string>(SELECTED_TEAM_KEY);
  if (remembered) {
    // Only while it still is a team: a folder whose agents/ went away is not shown empty.
    const uri = vscode.Uri.parse(remembered);
    if (await isTeamFolder(uri)) team = { uri, source: 'selected' };
  }

  const configured = vscode.workspace.getConfiguration('cortex').get<string>('teamDirectory', '').trim();
  if (configured !== '') {
    const uri = settingUri(configured);
    if (!uri) problem = `cortex.teamDirectory "${configured}" is a relative path, but no folder is open to resolve it against.`;
    else if ((await kind(uri)) !== 'directory') problem = `cortex.teamDirectory points to ${displayPath(uri)}, which does not exist.`;
    else {
      add({ uri, source: 'setting' });
      team ??= { uri, source: 'setting' };
    }
  }

  let workspaceTeams = 0;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (await isTeamFolder(folder.uri)) {
      workspaceTeams++;
      add({ uri: folder.uri, source: 'workspace' });
      if (!team && !problem) team = { uri: folder.uri, source: 'workspace' };
    }
  }

  const home = where.home ? vscode.Uri.file(where.home) : undefined;
  let config: LocateResult['config'];
  const configUri = where.cortexHome
    ? vscode.Uri.joinPath(vscode.Uri.file(where.cortexHome), 'config.yaml')
    : home && vscode.Uri.joinPath(home, '.cortex', 'config.yaml');
  if (configUri) {
    const text = await readText(configUri);
    if (text !== undefined) {
      const parsed = parseConfig(text, '.cortex/config.yaml');
      config = { uri: configUri, config: parsed.config, diagnostics: parsed.diagnostics };
      if (parsed.config.teamDir) {
        const dir = expandHome(parsed.config.teamDir, where.home ?? '');
        const uri = isAbsolutePath(dir) ? vscode.Uri.file(dir) : vscode.Uri.joinPath(configUri, '..', dir);
        if (await isTeamFolder(uri)) {
          const found: TeamLocation = { uri, source: 'config', configFile: configUri };
          add(found);
          if (!team && !problem) team = found;
        }
      }
    }
  }
  if (home) {
    const fallback = vscode.Uri.joinPath(home, 'cortex-team');
    if (await isTeamFolder(fallback)) {
      add({ uri: fallback, source: 'default' });
      if (!team && !problem) team = { uri: fallback, source: 'default' };
    }
  }
  if (team) {
    const chosen = team;
    const i = candidates.findIndex((c) => sameUri(c.uri, chosen.uri));
    if (i < 0) candidates.unshift(chosen);
  }
  return { team, candidates, workspaceTeams, problem: team ? undefined : problem, config };
}

/** A folder holds a team when it has an `agents/` folder. */
export async function isTeamFolder(uri: vscode.Uri): Promise<boolean> {
  return (await kind(vscode.Uri.joinPath(uri, 'agents'))) === 'directory';
}

/** The setting's value as a Uri: a URI, `~/…`, an absolute path, or relative to the first workspace folder. */
export function settingUri(value: string): vscode.Uri | undefined {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(value)) return vscode.Uri.parse(value);
  const home = os.homedir();
  const path = expandHome(value, home);
  if (isAbsolutePath(path)) return vscode.Uri.file(path);
  const first = vscode.workspace.workspaceFolders?.[0];
  return first ? vscode.Uri.joinPath(first.uri, path) : undefined;
}

/** How a team folder is shown to people: a file path with `~` for home, else the URI. */
export function displayPath(uri: vscode.Uri): string {
  if (uri.scheme !== 'file') return uri.toString(true);
  const home = os.homedir();
  const p = uri.fsPath;
  if (home && (p === home || p.startsWith(home + '/') || p.startsWith(home + '\\'))) return '~' + p.slice(home.length);
  return p;
}

/** A team folder's name, for headers and the status bar: its last path segment. */
export function folderName(uri: vscode.Uri): string {
  const parts = uri.path.split('/').filter((p) => p !== '');
  return parts[parts.length - 1] ?? uri.toString(true);
}

export function sameUri(a: vscode.Uri, b: vscode.Uri): boolean {
  return a.toString() === b.toString();
}

/** `uri` is `folder` or somewhere under it. */
export function isSameOrInside(uri: vscode.Uri, folder: vscode.Uri): boolean {
  if (sameUri(uri, folder)) return true;
  const base = folder.with({ path: folder.path.replace(/\/+$/, '') + '/' });
  return uri.scheme === base.scheme && uri.authority === base.authority && uri.path.startsWith(base.path);
}

const SOURCE_LABELS: Readonly<Record<TeamSource, string>> = {
  selected: 'selected in this workspace',
  setting: 'from the cortex.teamDirectory setting',
  workspace: 'workspace folder',
  config: 'team_dir in ~/.cortex/config.yaml',
  default: 'the default ~/cortex-team',
};

/** How a team folder was found, in words; a `team_dir` names the config.yaml it came from (`$CORTEX_HOME`'s too). */
export function sourceLabel(loc: TeamLocation): string {
  if (loc.source === 'config' && loc.configFile) return `team_dir in ${displayPath(loc.configFile)}`;
  return SOURCE_LABELS[loc.source];
}

async function kind(uri: vscode.Uri): Promise<'file' | 'directory' | undefined> {
  try {
    const s = await vscode.workspace.fs.stat(uri);
    return s.type & vscode.FileType.Directory ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return decodeText(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
