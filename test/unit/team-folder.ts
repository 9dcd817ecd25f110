import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'fs';
import * as path from 'path';

/** A team folder on disk for the process-level tests: written from a map, and read back whole. */

/** Writes each `relative path → text` under `dir`, creating folders. */
export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

/** Every file below `dir` with its bytes (base64), to show that nothing was written. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full, 'base64');
    }
  };
  walk(dir);
  return out;
}
