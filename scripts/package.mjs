#!/usr/bin/env node
// `npm run package`: a production build (minified, no source maps) and the VSIX, made
// with @vscode/vsce. What goes in is decided by .vscodeignore (source maps stay out).
//   node scripts/package.mjs [--out FILE]   (default: cortex-team-<version>.vsix here)
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, run } from './lib/system.mjs';

export function defaultVsixPath() {
  const { name, version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  return path.join(repoRoot, `${name}-${version}.vsix`);
}

export async function packageVsix(out = defaultVsixPath()) {
  await run(process.execPath, ['esbuild.mjs', '--production'], { cwd: repoRoot });
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out], { cwd: repoRoot });
  console.log(`[package] ${path.relative(process.cwd(), out)} (${Math.round(statSync(out).size / 1024)} KB)`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--out');
  packageVsix(i > 0 ? path.resolve(process.argv[i + 1]) : undefined).catch((err) => {
    console.error(`[package] ${err.message}`);
    process.exit(1);
  });
}
