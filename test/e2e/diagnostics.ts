// What a failed e2e test leaves for whoever reads the run's output: the agents' turn
// states as their hooks wrote them (.cortex/run/) and the end of the extension's own log,
// so a failure on a CI machine can be read from its output alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { Workbench } from './fixture';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...filesUnder(file));
    else out.push(file);
  }
  return out;
}

/** Prints the turn-state files and the last lines of the Cortex log of `wb`'s run. */
export function printDiagnostics(wb: Workbench, title: string, logLines = 60): void {
  const lines: string[] = [`    --- diagnostics after "${title}" ---`];
  const runDir = wb.teamFile('.cortex/run');
  const states = filesUnder(runDir);
  lines.push(`    .cortex/run: ${states.length ? '' : 'no files'}`);
  for (const f of states) {
    const text = readFileSync(f, 'utf8');
    lines.push(`      ${path.relative(runDir, f)} (${text.length} B, ${statSync(f).mtime.toISOString()}): ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  const logs = filesUnder(path.join(wb.server.userDataDir, 'logs')).filter((f) => /cortex/i.test(path.basename(f)) || /cortex/i.test(path.basename(path.dirname(f))));
  for (const log of logs) {
    const all = readFileSync(log, 'utf8').trimEnd().split('\n');
    lines.push(`    ${path.relative(wb.server.userDataDir, log)} (last ${Math.min(logLines, all.length)} of ${all.length} lines):`);
    for (const l of all.slice(-logLines)) lines.push(`      ${l.slice(0, 300)}`);
  }
  console.log(lines.join('\n'));
}
