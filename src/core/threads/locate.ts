/**
 * Where the thread files are. The Cortex home is `$CORTEX_HOME` when set, else
 * `~/.cortex`; after it, the team folder's `.cortex`. The first of those whose
 * `config/thread-templates.json` or `data/threads.json` exists is used; settings
 * override each file. Prompt files are in `<config>/prompts/<folder>/`. Pure: paths
 * are strings with `/`, existence is asked of the caller.
 */
export interface ThreadPaths {
  /** The folder holding config/ and data/ (relative artifact paths resolve against it). */
  readonly root: string;
  readonly templatesFile: string;
  readonly threadsFile: string;
  /** `<config>/prompts`. */
  readonly promptsDir: string;
  /** How the paths were found, for the view and the log. */
  readonly source: 'setting' | 'CORTEX_HOME' | 'home' | 'team';
}

export interface LocateInputs {
  /** `$CORTEX_HOME`, or undefined/empty. */
  readonly cortexHome: string | undefined;
  /** The user's home folder, when known. */
  readonly homeDir: string | undefined;
  readonly teamDir: string | undefined;
  /** The `cortex.threadTemplatesFile` / `cortex.threadsFile` settings ('' = not set), `~` already expanded. */
  readonly templatesSetting: string;
  readonly threadsSetting: string;
  exists(path: string): Promise<boolean>;
}

export function parentDir(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const i = trimmed.lastIndexOf('/');
  return i <= 0 ? '/' : trimmed.slice(0, i);
}

function join(dir: string, ...rest: string[]): string {
  return [dir.replace(/\/+$/, ''), ...rest].join('/');
}

function pathsUnder(root: string, source: ThreadPaths['source']): ThreadPaths {
  return { root, templatesFile: join(root, 'config', 'thread-templates.json'), threadsFile: join(root, 'data', 'threads.json'), promptsDir: join(root, 'config', 'prompts'), source };
}

/** The candidates, in order. */
export function candidateRoots(i: Pick<LocateInputs, 'cortexHome' | 'homeDir' | 'teamDir'>): ThreadPaths[] {
  const out: ThreadPaths[] = [];
  if (i.cortexHome && i.cortexHome.trim() !== '') out.push(pathsUnder(i.cortexHome, 'CORTEX_HOME'));
  else if (i.homeDir) out.push(pathsUnder(join(i.homeDir, '.cortex'), 'home'));
  if (i.teamDir) out.push(pathsUnder(join(i.teamDir, '.cortex'), 'team'));
  return out;
}

/** The thread files to show, or `undefined` when there are none anywhere. */
export async function locateThreadFiles(i: LocateInputs): Promise<ThreadPaths | undefined> {
  if (i.templatesSetting !== '') {
    // config/thread-templates.json → the root is the folder above config/.
    const configDir = parentDir(i.templatesSetting);
    const root = parentDir(configDir);
    return {
      root,
      templatesFile: i.templatesSetting,
      threadsFile: i.threadsSetting !== '' ? i.threadsSetting : join(root, 'data', 'threads.json'),
      promptsDir: join(configDir, 'prompts'),
      source: 'setting',
    };
  }
  let found: ThreadPaths | undefined;
  for (const c of candidateRoots(i)) {
    if ((await i.exists(c.templatesFile)) || (await i.exists(c.threadsFile))) {
      found = c;
      break;
    }
  }
  if (i.threadsSetting !== '') {
    const root = found?.root ?? parentDir(parentDir(i.threadsSetting));
    const base = found ?? pathsUnder(root, 'setting');
    return { ...base, threadsFile: i.threadsSetting, source: found ? found.source : 'setting' };
  }
  return found;
}
