// Scratch copies of the example team with every date moved so that it reads as if
// written just now. The tracked example (examples/team/) is written relative to a fixed
// reference time recorded in examples/team/.cortex-example.json; a copy shifts every
// `YYYY-MM-DDTHH:MM` (ticks, Started, Completed) and every `YYYY-MM-DD` (Last session,
// joined, created, log headings) by (now − referenceNow), so an agent that ticked
// 5 minutes before the reference time shows as alive, one 3 hours before as stale.
// Timestamps are local wall-clock time with no zone, as the protocol writes them.
//
// Agents' project folders: examples/home/ stands for the owner's home folder. A copy
// puts it beside the team copy (<dest>/../home) and rewrites each `project: ~/…` whose
// folder the example has to that absolute path, so the project folders (and their
// .shuttle.md files) resolve on any machine; the other `~/…` paths stay as written.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { exampleTeamDir } from './paths';

export const exampleMetaFile = '.cortex-example.json';

interface ExampleMeta {
  referenceNow: string;
}

/** Wall-clock minutes since the epoch of a `YYYY-MM-DD[THH:MM]` reading. */
function wallMinutes(stamp: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(stamp);
  if (!m) throw new Error(`not a timestamp: ${stamp}`);
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0)) / 60000;
}

/** The current local wall-clock time in minutes, comparable with `wallMinutes`. */
function nowWallMinutes(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours(), now.getMinutes()) / 60000;
}

/** The Date at which this machine's clock reads `YYYY-MM-DDTHH:MM`. */
export function localDate(stamp: string): Date {
  const d = new Date(wallMinutes(stamp) * 60000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
}

function formatMinutes(minutes: number): string {
  return new Date(minutes * 60000).toISOString().slice(0, 16);
}

const STAMP = /\b(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2})?(?![\d:])/g;

/**
 * Moves every timestamp and date in `text` by `shiftMinutes`. A date alone moves as
 * the moment `referenceTime` (HH:MM) on that day would, so dates and timestamps stay
 * consistent with each other.
 */
export function shiftText(text: string, shiftMinutes: number, referenceTime = '12:00'): string {
  if (shiftMinutes === 0) return text;
  return text.replace(STAMP, (whole, date: string, time: string | undefined) => {
    const month = +date.slice(5, 7);
    const day = +date.slice(8, 10);
    if (month < 1 || month > 12 || day < 1 || day > 31) return whole;
    if (time) return formatMinutes(wallMinutes(date + time) + shiftMinutes);
    return formatMinutes(wallMinutes(`${date}T${referenceTime}`) + shiftMinutes).slice(0, 10);
  });
}

const INSTANT = /\b(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)\b/g;

/** Moves every ISO-8601 UTC instant (`…T11:20:00.000Z`) in `text` by `shiftMinutes`. */
export function shiftInstants(text: string, shiftMinutes: number): string {
  if (shiftMinutes === 0) return text;
  return text.replace(INSTANT, (whole: string) => {
    const ms = Date.parse(whole);
    return Number.isNaN(ms) ? whole : new Date(ms + shiftMinutes * 60_000).toISOString();
  });
}

export function readExampleMeta(source = exampleTeamDir): ExampleMeta {
  const meta = JSON.parse(readFileSync(path.join(source, exampleMetaFile), 'utf8')) as Partial<ExampleMeta>;
  if (typeof meta.referenceNow !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(meta.referenceNow)) {
    throw new Error(`${exampleMetaFile}: referenceNow must be YYYY-MM-DDTHH:MM`);
  }
  return { referenceNow: meta.referenceNow };
}

export interface CopyResult {
  dir: string;
  /** The copy of examples/home/ that the rewritten `project:` paths point into. */
  home: string;
  referenceNow: string;
  shiftMinutes: number;
  files: number;
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Copies the example team into `dest` (replacing whatever is there) with all dates
 * shifted to `now`. Never writes inside the source folder.
 */
export function copyExampleTeam(dest: string, options: { source?: string; now?: Date } = {}): CopyResult {
  const source = path.resolve(options.source ?? exampleTeamDir);
  const target = path.resolve(dest);
  if (isInside(target, source) || isInside(source, target)) {
    throw new Error(`refusing to copy ${source} into ${target}: the example is never written to`);
  }
  const homeSource = path.join(path.dirname(source), 'home');
  const homeTarget = path.join(path.dirname(target), 'home');
  if (isInside(homeTarget, path.dirname(source))) {
    throw new Error(`refusing to copy ${homeSource} into ${homeTarget}: the example is never written to`);
  }
  const { referenceNow } = readExampleMeta(source);
  const shiftMinutes = nowWallMinutes(options.now ?? new Date()) - wallMinutes(referenceNow);
  const referenceTime = referenceNow.slice(11);

  if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  let files = 0;
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(source, rel), { withFileTypes: true })) {
      const relPath = path.join(rel, entry.name);
      if (rel === '' && entry.name === exampleMetaFile) continue;
      const from = path.join(source, relPath);
      const to = path.join(target, relPath);
      if (entry.isDirectory()) {
        mkdirSync(to, { recursive: true });
        walk(relPath);
      } else if (entry.isFile() && entry.name.endsWith('.md')) {
        writeFileSync(to, rewriteProjects(shiftText(readFileSync(from, 'utf8'), shiftMinutes, referenceTime)));
        files++;
      } else if (entry.isFile() && entry.name.endsWith('.json')) {
        // The thread records (.cortex/data/threads.json) carry UTC instants, as the thread server writes them.
        writeFileSync(to, shiftInstants(readFileSync(from, 'utf8'), shiftMinutes));
        files++;
      } else if (entry.isFile()) {
        cpSync(from, to);
        files++;
      }
    }
  };
  const rewriteProjects = (text: string) =>
    text.replace(/^(project:[ \t]*)~\/(.+?)[ \t]*$/m, (whole, key: string, rest: string) =>
      existsSync(path.join(homeSource, rest)) ? `${key}${path.join(homeTarget, rest)}` : whole,
    );
  walk('');
  // The home folder's files (the project folders' .shuttle.md) move in time like the team's.
  if (existsSync(homeTarget)) rmSync(homeTarget, { recursive: true, force: true });
  if (existsSync(homeSource)) {
    cpSync(homeSource, homeTarget, { recursive: true });
    for (const rel of readdirSync(homeTarget, { recursive: true }) as string[]) {
      const file = path.join(homeTarget, rel);
      if (rel.endsWith('.md') && statSync(file).isFile()) writeFileSync(file, shiftText(readFileSync(file, 'utf8'), shiftMinutes, referenceTime));
    }
  }
  return { dir: target, home: homeTarget, referenceNow, shiftMinutes, files };
}

/** True when `dir` looks like a team folder (has `agents/`). */
export function isTeamFolder(dir: string): boolean {
  try {
    return statSync(path.join(dir, 'agents')).isDirectory();
  } catch {
    return false;
  }
}
