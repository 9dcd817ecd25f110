/**
 * The writer the crash test kills: dispatches task after task into one tasks.md
 * through the one writer (no settle window, so that it is always somewhere inside a
 * write), until it is killed. Task n is titled "K<n>" with the id `crashTaskId(n)`, so
 * every whole version of the file is known in advance (crash-versions.ts).
 *
 * Usage: node crash-writer.js <team-dir> <file>
 * Prints "ready" after its first write, so that a kill from then on lands inside
 * one of the writes that follow (reading, writing the temp file, replacing, reading back).
 */
import { writeOperation } from '../../src/core/edit/writer';
import { NodeTeamFs } from '../../src/core/fs/node-fs';
import { dispatchOperation } from '../../src/core/ops/dispatch';
import { parseTaskFile } from '../../src/core/parse/tasks';
import { crashTask } from './crash-versions';

const [dir, file] = process.argv.slice(2);
const fs = new NodeTeamFs(dir);

async function main(): Promise<void> {
  for (let first = true; ; first = false) {
    const text = new TextDecoder().decode(await fs.readFile(file));
    const n = parseTaskFile(text, file).tasks.length;
    await writeOperation(fs, file, dispatchOperation(file, crashTask(n)), { lockTimeoutMs: 60_000 });
    if (first) process.stdout.write('ready\n');
  }
}
void main();
