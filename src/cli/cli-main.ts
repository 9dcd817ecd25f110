import { readFileSync } from 'fs';
import { hashBytes } from '../core/text/text';
import { run } from './verbs';

// Every verb of the `cortex-team` bin but `hook` (main.ts hands it here).
run(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  build: bundleHash,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`cortex-team: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);

/** This bundle's own bytes, hashed (cli.js: every parser is in it); `null` when it cannot be read. */
function bundleHash(): string | null {
  try {
    return hashBytes(readFileSync(__filename));
  } catch {
    return null;
  }
}
