import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder above this file whose package.json is ours. */
function findRepoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'cortex-team') return dir;
      } catch {
        // not ours; keep climbing
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the cortex-team repository above ${__dirname}`);
    dir = parent;
  }
}

export const repoRoot = findRepoRoot();
/** Where tests leave artifacts: screenshots, logs, results (git-ignored). */
export const testResultsDir = path.join(repoRoot, 'test-results');
/** The tracked example team; never written to (tests and `npm start` work on copies). */
export const exampleTeamDir = path.join(repoRoot, 'examples', 'team');
const codeServerDir = path.join(repoRoot, '.vscode-test', 'code-server');
/** Installed by scripts/install-code-server.mjs. */
export const codeServerEntry = path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
/**
 * The Node 22 that runs code-server, installed beside it from the npm registry
 * (code-server 4.103 and later need Node 22; the tests themselves run on Node 20).
 */
export const codeServerNode = path.join(codeServerDir, 'node_modules', `node-linux-${process.arch}`, 'bin', 'node');
