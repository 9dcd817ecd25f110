import { execFile } from 'child_process';
import { promises as fs } from 'fs';

/**
 * Every process of an agent run here, so Stop ends them all: what its terminal's shell
 * started (found through the process table), and on Linux every process whose
 * environment holds the terminal's CORTEX_RUN_ID, which reaches the ones that left the
 * tree (Gemini CLI's TUI keeps running after its terminal closes; Codex's TUI can leave a
 * `codex app-server --managed-daemon` behind). Never this process. Node only.
 */

/** The pids of `root`'s descendants (not `root`), from `ps`; none where `ps` cannot be run. */
async function descendants(root: number): Promise<number[]> {
  const table = await new Promise<string>((resolve) => execFile('ps', ['-A', '-o', 'pid=,ppid='], (e, out) => resolve(e ? '' : out)));
  const children = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (!Number.isInteger(pid) || !Number.isInteger(ppid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) for (const c of children.get(queue.shift()!) ?? []) if (!out.includes(c)) out.push(c), queue.push(c);
  return out;
}

/** Linux: the pids whose environment has `CORTEX_RUN_ID=<runId>` (processes of other users cannot be read, and are not ours). */
async function withRunId(runId: string): Promise<number[]> {
  let entries: string[];
  try {
    entries = await fs.readdir('/proc');
  } catch {
    return [];
  }
  const wanted = `CORTEX_RUN_ID=${runId}`;
  const found: number[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const environ = await fs.readFile(`/proc/${name}/environ`, 'latin1').catch(() => '');
    if (environ.split('\0').includes(wanted)) found.push(Number(name));
  }
  return found;
}

export async function agentProcesses(shellPid: number | undefined, runId: string | null): Promise<number[]> {
  const all = new Set<number>([...(shellPid ? await descendants(shellPid) : []), ...(runId ? await withRunId(runId) : [])]);
  all.delete(process.pid);
  if (shellPid) all.delete(shellPid); // the terminal's own shell goes with its terminal
  return [...all];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to each, then SIGKILL to those still running after `graceMs`; resolves with the pids that had to be killed. */
export async function endProcesses(pids: readonly number[], graceMs = 3000): Promise<number[]> {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
  const end = Date.now() + graceMs;
  let left = pids.filter(alive);
  while (left.length && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = left.filter(alive);
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return left;
}
