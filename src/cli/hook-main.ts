import { runHook } from './hook';

// dist/hook.js: `cortex-team hook` on its own, what the agents' hooks run (dist/cli.js
// hands the verb here before loading anything else). `node hook.js hook --agent …` and
// `node hook.js --agent …` both work.
const args = process.argv.slice(2);
runHook(args[0] === 'hook' ? args.slice(1) : args, {
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 1;
  },
);
