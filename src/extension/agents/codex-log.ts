import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Codex's session log for a thread. Its `notify` program is told the thread id, never the
 * log's path; Codex writes the log as
 * `<codex home>/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl` under the day the
 * session started. Only the newest `DAYS` day folders are looked in (a session in use
 * started recently); a found path is kept, a miss is looked for again at the next read.
 */
const DAYS = 7;

/**
 * `$CODEX_HOME`, else `~/.codex` (what Codex itself reads), in the environment Codex runs
 * with: `~` is that environment's HOME where it sets one (an agent given a HOME of its own).
 */
export function codexHome(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const user = env.HOME?.trim() || os.homedir();
  const home = env.CODEX_HOME?.trim();
  if (!home) return path.join(user, '.codex');
  return home === '~' || home.startsWith('~/') ? path.join(user, home.slice(1)) : home;
}

export class CodexLogs {
  private readonly found = new Map<string, string>();

  constructor(private readonly home: () => string = () => codexHome()) {}

  /** The log of thread `session`, or `undefined` while it is not there (yet). */
  async find(session: string): Promise<string | undefined> {
    // A thread id is a UUID: anything else is not looked for (it becomes part of a file name).
    if (!/^[A-Za-z0-9-]{8,64}$/.test(session)) return undefined;
    const known = this.found.get(session);
    if (known) return known;
    const suffix = `-${session}.jsonl`;
    const root = path.join(this.home(), 'sessions');
    let looked = 0;
    for (const year of await subfoldersNewestFirst(root)) {
      for (const month of await subfoldersNewestFirst(path.join(root, year))) {
        for (const day of await subfoldersNewestFirst(path.join(root, year, month))) {
          if (looked++ >= DAYS) return undefined;
          const dir = path.join(root, year, month, day);
          const name = (await fs.readdir(dir).catch(() => [] as string[])).find((f) => f.startsWith('rollout-') && f.endsWith(suffix));
          if (name) {
            const file = path.join(dir, name);
            this.found.set(session, file);
            return file;
          }
        }
      }
    }
    return undefined;
  }
}

/** The numbered folders (years, months, days) in `dir`, the newest first. */
async function subfoldersNewestFirst(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && /^\d+$/.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => Number(b) - Number(a));
}
