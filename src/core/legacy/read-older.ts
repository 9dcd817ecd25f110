import { readTextFile } from '../edit/edit-file';
import { TeamFs } from '../fs/team-fs';
import { isSkippedName } from '../team/team-paths';

/** The files of the older format a team folder holds: flat agent notes (slug → text) and project notes (path → text). */
export async function readOlderFiles(fs: TeamFs): Promise<{ flat: Map<string, string>; projects: Map<string, string> }> {
  const flat = new Map<string, string>();
  for (const e of await fs.list('agents')) {
    if (e.kind === 'file' && e.name.endsWith('.md') && !isSkippedName(e.name)) flat.set(e.name.slice(0, -3), (await readTextFile(fs, `agents/${e.name}`)) ?? '');
  }
  const projects = new Map<string, string>();
  for (const e of await fs.list('projects')) {
    if (e.kind === 'file' && e.name.endsWith('.md') && !isSkippedName(e.name)) projects.set(`projects/${e.name}`, (await readTextFile(fs, `projects/${e.name}`)) ?? '');
  }
  return { flat, projects };
}
