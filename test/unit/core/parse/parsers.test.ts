import { deepStrictEqual, strictEqual } from 'assert';
import * as fc from 'fast-check';
import { parseYaml, readFrontmatter } from '../../../../src/core/text/frontmatter';
import { parseTaskFile, readTaskFile, toTask } from '../../../../src/core/parse/tasks';
import { formatStamp, parseStamp } from '../../../../src/base/time';

/**
 * The read path takes shortcuts for speed (a span-free task reader, an exact-form
 * stamp reader, plain frontmatter without the YAML library). Each must give exactly
 * what the general path gives.
 */
const taskLine = fc.constantFrom(
  '## Task A', '## Task B', '##', '##\tTab', '### Summary', '### summary ', '# H1', '#### deep',
  '**Status:** ready', '**Status:** done', '**Status:** in-progress', '**Status:**  Ready', '**status:** READY', '  **Status:** ready', '**Status**: in_progress', '**Status:** blocked', '**Status:**:ready', '**Status:** ready\u00a0', '**Status:** ready\u000b',
  '**Started:** 2026-03-28T10:15', '**Completed:** 2026-03-28T11:42', '**Completed:** yesterday', '**Started:** 2026-02-29T10:00', '**Started:** 2028-02-29T10:00', '**Started:** 2026-03-28 10:15', '**Completed:**  2026-03-28T11:42 ',
  '**Priority:** high', '**Note:** a **b** c', '****', '**Started:** \u3000 2026-03-28T10:15', '**Completed:** 2026-03-28T11:42\u2028', '**Status:** dońe', '**a*b:** c', '**Key:** v\u2028w',
  '', ' ', '\t', 'Body text.', '- bullet', '```', '~~~~', '   ```js', '    ```',
  '<!-- cortex:last-tick 2026-03-28T10:00 -->', '  <!--cortex:last-tick 2026-03-28T10:05-->', '<!-- cortex:last-tick soon -->',
);
const taskFile = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(taskLine, fc.constantFrom('\n', '\r\n', '\r', '\n', '\n')), { maxLength: 40 }), fc.boolean())
  .map(([bom, parts, finalEol]) => (bom ? '\ufeff' : '') + parts.map(([l, e], i) => l + (i < parts.length - 1 || finalEol ? e : '')).join(''));

describe('read: fast paths give what the general path gives', () => {
  it('readTaskFile is parseTaskFile without the locations', () => {
    fc.assert(
      fc.property(taskFile, (text) => {
        const full = parseTaskFile(text, 'f.md');
        deepStrictEqual(readTaskFile(text, 'f.md'), { tasks: full.tasks.map(toTask), lastTick: full.lastTick, lastTickLine: full.lastTickLine, diagnostics: full.diagnostics });
      }),
      { numRuns: 2000 },
    );
  });

  it('parseStamp reads the exact form as the general reader does', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const stamp = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
      .map(([y, mo, d, h, mi]) => `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}`);
    fc.assert(
      fc.property(stamp, (s) => {
        // A trailing space takes the general (regex, Date) path.
        strictEqual(parseStamp(s), parseStamp(`${s} `));
      }),
      { numRuns: 20000 },
    );
    strictEqual(parseStamp('2026-03-28T10:15'), Date.UTC(2026, 2, 28, 10, 15) / 60000);
    strictEqual(parseStamp('2024-02-29T00:00'), Date.UTC(2024, 1, 29) / 60000);
    strictEqual(parseStamp('2026-02-29T00:00'), null);
    strictEqual(parseStamp('1900-02-29T00:00'), null);
    strictEqual(parseStamp('2000-02-29T00:00'), Date.UTC(2000, 1, 29) / 60000);
  });

  it('plain frontmatter reads as the YAML library reads it', () => {
    const key = fc.constantFrom('name', 'project', 'status', 'level', 'a-b', '_x', '__proto__', 'Name');
    const value = fc.oneof(
      fc.constantFrom('', 'Billing Dev', '~/Projects/x', '~', 'null', 'true', 'yes', '2026-03-28', '09:00', '0123', '12', '1e5', '2026.03', '0x1F', '-5', '""', "''", '"a b"', '"a\\"b"', "'it''s'", 'a #b', 'a#b', 'a: b', 'http://x', '[a, b]', '- a', '*x', "O'Brien", 'Zoë', 'x\u00a0', 'a\tb', '12345678901234567890'),
      fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '-', '1', '.', '"', "'", '~', ',', '[', 'é', '\t', 'e'), maxLength: 8 }),
    );
    const line = fc.oneof(
      fc.tuple(key, value, fc.constantFrom(': ', ':', ' : ')).map(([k, v, sep]) => k + sep + v),
      fc.constantFrom('', '# comment', '  - item', '  nested: x'),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const yamlText = lines.map((l) => l + eol).join('');
        const fm = readFrontmatter(`---${eol}${yamlText}---${eol}body${eol}`);
        const parsed = parseYaml(yamlText);
        const expected = parsed.value ?? {};
        if (parsed.error || typeof expected !== 'object' || Array.isArray(expected)) {
          strictEqual(fm.data, null);
          strictEqual(fm.error !== null, true);
          return;
        }
        deepStrictEqual(fm.data, expected);
        strictEqual(fm.error, null);
      }),
      { numRuns: 500 },
    );
  });
});

describe('read: the task reader\'s shortcuts for common lines', () => {
  it('a status line is canonical exactly when it is "**Status:** <status>" then only spaces and tabs', () => {
    const canonical = /^\*\*Status:\*\* (ready|in-progress|done)[ \t]*$/;
    const line = fc
      .tuple(
        fc.constantFrom('**Status:**', '**status:**', '  **Status:**', '**Status**:'),
        fc.constantFrom('', ' ', '  ', '\t', ' \t', '\u00a0', '\u000b'),
        fc.constantFrom('ready', 'in-progress', 'done', 'Ready', 'in_progress', 'DONE'),
        fc.constantFrom('', ' ', '\t', ' \t ', '\u00a0', '\u000b', '\u000c', 'x'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(line, fc.constantFrom('\n', '\r\n'), (l, eol) => {
        const file = readTaskFile(`## T${eol}${l}${eol}${eol}Body.${eol}`, 'f.md');
        const written = file.diagnostics.some((d) => d.message.startsWith('Status of "T" is written'));
        const known = file.tasks[0].status === 'ready' || file.tasks[0].status === 'in-progress' || file.tasks[0].status === 'done';
        if (known) strictEqual(written, !canonical.test(l), l);
      }),
      { numRuns: 3000 },
    );
  });

  it('stamps read alike however often they repeat (and times that share a cache slot stay apart)', () => {
    const base = parseStamp('2026-03-28T10:15')!;
    // Minutes 8192 apart share a slot of the reader's stamp cache.
    const minutes = fc.constantFrom(0, 1, 8192, 2 * 8192, 8193, -8192, 525600 * 3).map((d) => base + d);
    const value = fc.oneof(
      { weight: 4, arbitrary: minutes.map(formatStamp) },
      { weight: 1, arbitrary: fc.constantFrom('2026-02-30T10:00', '2026-03-28T24:00', '2026-03-28 10:15', '0099-01-01T00:00', 'soon') },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 12 }), (pairs) => {
        const text = pairs.map(([s, c], i) => `## T${i}\n**Status:** done\n**Started:** ${s}\n**Completed:** ${c}\n`).join('\n');
        const file = readTaskFile(text, 'f.md');
        deepStrictEqual(
          file.tasks.map((t) => [t.started, t.completed]),
          pairs,
        );
        const unreadable = pairs.flatMap(([s, c], i) => [
          ...(parseStamp(s) === null ? [`Unreadable started time "${s}" in "T${i}"; expected YYYY-MM-DDTHH:MM.`] : []),
          ...(parseStamp(c) === null ? [`Unreadable completed time "${c}" in "T${i}"; expected YYYY-MM-DDTHH:MM.`] : []),
        ]);
        deepStrictEqual(
          file.diagnostics.filter((d) => d.message.startsWith('Unreadable')).map((d) => d.message),
          unreadable,
        );
        deepStrictEqual(parseTaskFile(text, 'f.md').tasks.map(toTask), file.tasks);
      }),
      { numRuns: 1000 },
    );
  });
});
