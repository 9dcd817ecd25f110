import { deepStrictEqual, strictEqual } from 'assert';
import * as fc from 'fast-check';
import { parseYaml, readFrontmatter } from '../../../../src/core/frontmatter';
import { parseTaskFile, readTaskFile, toTask } from '../../../../src/core/parse/tasks';
import { parseStamp } from '../../../../src/core/time';

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
