// The project's own npm dependencies: installed when node_modules is missing or
// package-lock.json changed since the last install.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './system.mjs';

/** Why `npm install` is needed, or null when node_modules matches package-lock.json. */
export function dependenciesOutdated() {
  const hidden = path.join(repoRoot, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden)) return 'node_modules is missing';
  const lock = path.join(repoRoot, 'package-lock.json');
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(hidden).mtimeMs + 1000) return 'package-lock.json changed';
  return null;
}

export const npmInstallArgs = ['install', '--no-audit', '--no-fund'];
