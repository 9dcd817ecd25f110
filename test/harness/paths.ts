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
/** Installed by scripts/install-code-server.mjs. */
export const codeServerEntry = path.join(
  repoRoot,
  '.vscode-test',
  'code-server',
  'node_modules',
  'code-server',
  'out',
  'node',
  'entry.js',
);
