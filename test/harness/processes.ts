// Every long-lived process the harness starts (code-server, chromium) runs in a
// process group of its own, registered here. Whatever happens (normal exit, an
// exception, SIGINT/SIGTERM/SIGHUP) the whole group is ended. When the orchestrator
// names a file in CORTEX_TEST_PGIDS, each group id is appended to it too, so that
// it can end them even if this process is killed outright; a second line
// `<pgid> ended` tells it the group is gone (so a reused id is never signalled).
import { appendFileSync } from 'node:fs';

interface Group {
  pgid: number;
  name: string;
}

const groups = new Map<number, Group>();
let handlersInstalled = false;

function alive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Appends a line to the orchestrator's list of process groups (see the top of this file). */
function note(line: string): void {
  const file = process.env.CORTEX_TEST_PGIDS;
  if (!file) return;
  try {
    appendFileSync(file, line + '\n');
  } catch {
    // best effort
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** Registers a child started with `detached: true` (so its pid is its process group id). */
export function trackGroup(pid: number, name: string): void {
  installHandlers();
  groups.set(pid, { pgid: pid, name });
  note(`${pid} ${name}`);
}

/** Ends one group: SIGTERM, then SIGKILL after `graceMs` if anything is left. */
export async function killGroup(pid: number, graceMs = 3000): Promise<void> {
  const group = groups.get(pid);
  groups.delete(pid);
  if (!group && !alive(pid)) {
    note(`${pid} ended`);
    return;
  }
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) signalGroup(pid, 'SIGKILL');
  note(`${pid} ended`); // the orchestrator leaves this id alone from now on
}

/** Ends every registered group. */
export async function killAllGroups(graceMs = 3000): Promise<void> {
  await Promise.all([...groups.keys()].map((pid) => killGroup(pid, graceMs)));
}

function killAllNow(): void {
  for (const { pgid } of groups.values()) signalGroup(pgid, 'SIGKILL');
  groups.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      process.stderr.write(`\n[harness] ${signal}: stopping what was started\n`);
      void killAllGroups(1500).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}

/** Rejects after `ms` with a message naming what took too long. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${Math.round(ms / 1000)} s: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
