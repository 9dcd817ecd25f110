import { deepStrictEqual, strictEqual } from 'assert';
import { readShuttleFile } from '../../../../src/core/parse/shuttle';
import { projectFolderPath } from '../../../../src/core/team/project-folder';

const PROTOCOL_EXAMPLE = [
  '## Add rate limiting to /api routes',
  '**Status:** done',
  '**Started:** 2026-04-03T13:00',
  '**Completed:** 2026-04-03T14:15',
  '',
  '### Summary',
  'Added middleware.',
  '',
  '## Fix the login redirect bug',
  '**Status:** in-progress',
  '**Started:** 2026-04-03T14:30',
  '',
  'Investigating.',
  '',
  '## Write integration tests for auth flow',
  '**Status:** ready',
  '',
  '<!-- shuttle:last-tick 2026-04-03T14:30 -->',
  '',
].join('\n');

describe('shuttle: reading .shuttle.md', () => {
  it('counts the protocol example and finds the task in progress', () => {
    deepStrictEqual(readShuttleFile(PROTOCOL_EXAMPLE), {
      total: 3,
      done: 1,
      inProgress: 1,
      ready: 1,
      current: { title: 'Fix the login redirect bug', status: 'in-progress', started: '2026-04-03T14:30' },
      lastTick: '2026-04-03T14:30',
    });
  });

  it('without a task in progress, the next ready one is current', () => {
    const p = readShuttleFile('## A\n**Status:** done\n## B\n**Status:** ready\n## C\n**Status:** ready\n');
    deepStrictEqual(p.current, { title: 'B', status: 'ready', started: null });
    deepStrictEqual([p.total, p.done, p.ready], [3, 1, 2]);
  });

  it('all done: nothing current', () => {
    const p = readShuttleFile('## A\n**Status:** done\n\n## B\n**Status:** done\n');
    deepStrictEqual([p.done, p.total, p.current], [2, 2, null]);
  });

  it('empty, blank and task-less files read as no tasks', () => {
    for (const text of ['', '\n\n', '# Shuttle tasks\n\nNothing yet.\n', '\uFEFF']) {
      deepStrictEqual(readShuttleFile(text), { total: 0, done: 0, inProgress: 0, ready: 0, current: null, lastTick: null });
    }
  });

  it('malformed tasks: no status, unknown status, odd spacing and case, CRLF, headings in code', () => {
    const text = [
      '## No status',
      'Just a body.',
      '## Unknown',
      '**Status:** blocked',
      '## Shouty',
      '**Status:**   IN-PROGRESS',
      '## Fenced',
      '**Status:** done',
      '```',
      '## not a task',
      '**Status:** ready',
      '```',
      '<!-- shuttle:last-tick soon -->',
    ].join('\r\n');
    const p = readShuttleFile(text);
    deepStrictEqual([p.total, p.done, p.inProgress, p.ready], [4, 1, 1, 0]);
    strictEqual(p.current?.title, 'Shouty');
    strictEqual(p.lastTick, 'soon');
  });

  it('reads any runner prefix; a readable tick wins over a later unreadable one', () => {
    strictEqual(readShuttleFile('## A\n**Status:** ready\n<!-- myrunner:last-tick 2026-01-02T03:04 -->\n').lastTick, '2026-01-02T03:04');
    strictEqual(readShuttleFile('<!-- shuttle:last-tick 2026-01-02T03:04 -->\n<!-- shuttle:last-tick garbage -->\n').lastTick, '2026-01-02T03:04');
    strictEqual(readShuttleFile('<!-- shuttle:last-tick 2026-01-02T03:04 -->\n<!-- shuttle:last-tick 2026-01-02T05:00 -->\n').lastTick, '2026-01-02T05:00');
  });

  it('binary noise and a huge title do not throw', () => {
    const noise = String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 7919) % 65535));
    readShuttleFile(noise);
    strictEqual(readShuttleFile(`## ${'x'.repeat(100_000)}\n**Status:** ready\n`).current?.title.length, 100_000);
  });
});

describe('project folder of an agent', () => {
  it('expands ~ and keeps absolute paths; relative or empty paths name no folder', () => {
    strictEqual(projectFolderPath('~/Projects/docs', '/home/me'), '/home/me/Projects/docs');
    strictEqual(projectFolderPath('  /srv/app  ', '/home/me'), '/srv/app');
    strictEqual(projectFolderPath('C:\\work\\app', 'C:\\Users\\me'), 'C:\\work\\app');
    strictEqual(projectFolderPath('~', '/home/me'), '/home/me');
    strictEqual(projectFolderPath('projects/app', '/home/me'), null);
    strictEqual(projectFolderPath('', '/home/me'), null);
    strictEqual(projectFolderPath(null, '/home/me'), null);
  });
});
