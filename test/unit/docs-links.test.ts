// The user's documentation hangs together: every relative link in the README, the docs/
// pages, CONTRIBUTING, the CHANGELOG and test/README.md names a file that exists and,
// with a #fragment, a heading that page has (GitHub's and the Marketplace's anchors).
import * as assert from 'assert';
import { existsSync, readFileSync, readdirSync } from 'fs';
import * as path from 'path';
import { repoRoot } from '../harness/paths';

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors of a markdown page's headings (outside code fences), repeats numbered as GitHub does. */
function anchorsOf(file: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (!m) continue;
    const a = anchorOf(m[1].replace(/`/g, ''));
    const n = seen.get(a) ?? 0;
    seen.set(a, n + 1);
    out.add(n === 0 ? a : `${a}-${n}`);
  }
  return out;
}

const pages = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'test/README.md', ...readdirSync(path.join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('documentation links', () => {
  for (const page of pages) {
    it(`${page}: every relative link reaches its file and heading`, () => {
      const file = path.join(repoRoot, page);
      assert.ok(existsSync(file), `${page} exists`);
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      const broken: string[] = [];
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [rel, fragment] = target.split('#', 2);
        const to = rel ? path.resolve(path.dirname(file), rel) : file;
        if (!existsSync(to)) broken.push(`${target} (no such file)`);
        else if (fragment && to.endsWith('.md') && !anchorsOf(to).has(fragment)) broken.push(`${target} (no such heading)`);
      }
      assert.deepStrictEqual(broken, [], `${page} links to what is not there`);
    });
  }
});
