/**
 * The writer the crash-safety test kills: it replaces one large file through
 * `writeAtomic`, version after version, as fast as it can, until it is killed.
 *
 * Usage: node crash-writer.js <team-dir> <file> <first-version>
 * Prints "ready" once it is about to write the first version.
 */
import { writeAtomic } from '../../../src/core/edit';
import { NodeTeamFs } from '../../../src/core/fs/node-fs';
import { encodeText } from '../../../src/core/text';
import { bigVersion } from './crash-content';

const [dir, file, first] = process.argv.slice(2);
const fs = new NodeTeamFs(dir);

async function main(): Promise<void> {
  process.stdout.write('ready\n');
  for (let v = Number(first); ; v++) await writeAtomic(fs, file, encodeText(bigVersion(v)));
}
void main();
