import * as assert from 'assert';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { agentCliBin } from '../harness/agent-cli';

/** What both agents suites run: our bundled CLI and the real agent CLIs the harness installs. */
export const ROOT = path.resolve(__dirname, '../../..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');
export const BIN = agentCliBin(ROOT);
export const AGENT = 'billing-dev';

/** Fails the suite at once, with what to run, when a CLI is missing. */
export function assertClisInstalled(): void {
  for (const name of ['claude', 'codex', 'gemini']) assert.ok(existsSync(path.join(BIN, name)), `${name} is not installed: run node scripts/install-agent-clis.mjs`);
  assert.ok(existsSync(CLI), 'dist/cli.js is not built: run npm run build');
}

/** A scratch folder with a team of one agent (billing-dev, one ready task), its project folder and a home folder. */
export function scratchTeam(prefix: string): { root: string; team: string; project: string; home: string } {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const team = path.join(root, 'team');
  const project = path.join(root, 'billing-service');
  const home = path.join(root, 'home');
  for (const dir of [path.join(team, 'agents', AGENT), project, home]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(team, 'agents', AGENT, `${AGENT}.md`), `---\nname: Billing Dev\nproject: ${project}\nstatus: active\n---\n## Role\nBilling.\n`);
  writeFileSync(path.join(team, 'agents', AGENT, 'tasks.md'), '## Credit notes\n**Status:** ready\n');
  return { root, team, project, home };
}
