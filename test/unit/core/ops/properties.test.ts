import * as assert from 'assert';
import fc from 'fast-check';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { appendCopy, removeTask, takeReadyTask } from '../../../../src/core/ops/reassign';
import { dispatchOperation, dispatchText } from '../../../../src/core/ops/dispatch';
import { moveOperation, moveText } from '../../../../src/core/ops/move';
import { pruneTasksText } from '../../../../src/core/ops/prune';
import { reorderOperation, reorderText } from '../../../../src/core/ops/reorder';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { detectEol } from '../../../../src/core/text/text';
import { parseStamp } from '../../../../src/base/time';

/**
 * Property tests over generated task files (random tasks, fields, bodies with fences,
 * LF or CRLF, BOM or not, a trailing tick or not, a final newline or not): each
 * operation changes only the bytes it is about.
 */

const F = 'agents/ada/tasks.md';
const RUNS = { numRuns: 300 };

const word = fc.constantFrom('fix', 'the', 'parser', 'Ünïcode', 'tests', '**bold**', '`code`', '#12', 'a/b', '-', '…');
const plainLine = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')),
  fc.constant(''),
  fc.constantFrom('- item', '  indented text', '### Notes', '# not a task', '> quote', '**Priority:** in body'),
);
const fenceInner = fc.oneof(plainLine, fc.constantFrom('## looks like a task', '**Status:** ready', '<!-- cortex:last-tick 2020-01-01T00:00 -->', '~~~'));
const fenced = fc
  .tuple(fc.constantFrom('```', '````', '~~~', '```ts'), fc.array(fenceInner, { maxLength: 4 }))
  .map(([open, inner]) => {
    const close = open.replace(/ts$/, '');
    // A line made only of the fence character, as long as the opener, would close it early.
    const closes = (l: string) => l.trim().length >= close.length && [...l.trim()].every((c) => c === close[0]);
    return [open, ...inner.filter((l) => !closes(l)), close];
  });
/** Body lines: plain lines and balanced fences (the fences may hold anything). */
const bodyLines = fc.array(fc.oneof({ weight: 4, arbitrary: plainLine.map((l) => [l]) }, { weight: 1, arbitrary: fenced }), { maxLength: 5 }).map((parts) => parts.flat());
/** Body text people could dispatch: no status or tick lines, even inside fences. */
const dispatchBody = bodyLines.map((lines) => lines.filter((l) => !/status|last-tick/i.test(l)).join('\n'));

const title = fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Fix bug #12', 'Ünïcode task', 'Alpha');
const stamp = fc
  .tuple(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([d, h, m]) => `2026-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const statusLine = fc.constantFrom('**Status:** ready', '**Status:** in-progress', '**Status:** done', '**status:** Ready', '**Status:** blocked', null);

const task = fc
  .record({
    title,
    status: statusLine,
    started: fc.option(stamp),
    completed: fc.option(fc.oneof(stamp, fc.constant('soon'))),
    priority: fc.boolean(),
    body: bodyLines,
    summary: fc.option(fc.array(plainLine, { minLength: 1, maxLength: 2 })),
    gap: fc.integer({ min: 0, max: 2 }),
  })
  .map((t) => {
    const lines = [`## ${t.title}`];
    if (t.status) lines.push(t.status);
    if (t.started) lines.push(`**Started:** ${t.started}`);
    if (t.completed) lines.push(`**Completed:** ${t.completed}`);
    if (t.priority) lines.push('**Priority:** high');
    if (t.body.length) lines.push('', ...t.body);
    if (t.summary) lines.push('', '### Summary', ...t.summary);
    for (let i = 0; i < t.gap; i++) lines.push('');
    return lines;
  });

interface Generated {
  readonly text: string;
  readonly eol: '\n' | '\r\n';
}

const taskFile: fc.Arbitrary<Generated> = fc
  .record({
    bom: fc.boolean(),
    crlf: fc.boolean(),
    preamble: fc.option(fc.constantFrom(['# Ada tasks', ''], ['Free text before tasks.'], [''])),
    tasks: fc.array(task, { maxLength: 6 }),
    tick: fc.option(fc.tuple(stamp, fc.integer({ min: 0, max: 1 }))),
    finalEol: fc.boolean(),
  })
  .map((f) => {
    const eol = f.crlf ? '\r\n' : '\n';
    const lines = [...(f.preamble ?? []), ...f.tasks.flat()];
    if (f.tick) {
      for (let i = 0; i < f.tick[1]; i++) lines.push('');
      lines.push(`<!-- cortex:last-tick ${f.tick[0]} -->`);
    }
    let text = lines.join(eol);
    if (f.finalEol && text !== '') text += eol;
    return { text: (f.bom ? '\uFEFF' : '') + text, eol } as Generated;
  });

/** Runs an operation; `null` when it refused the input (a CortexInputError). */
function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CortexInputError) return null;
    throw e;
  }
}

function taskSummary(text: string) {
  return parseTaskFile(text, F).tasks.map((t) => ({ title: t.title, status: t.status, started: t.started, completed: t.completed, body: t.body, summary: t.summary }));
}

describe('operations leave every byte outside their target unchanged (property)', () => {
  it('dispatch: the result minus the inserted block is the original', () => {
    fc.assert(
      fc.property(taskFile, fc.constantFrom('New task', 'Another one', 'Alpha'), dispatchBody, ({ text }, newTitle, body) => {
        const before = parseTaskFile(text, F);
        const r = attempt(() => dispatchText(text, F, { title: newTitle, body }));
        if (r === null) {
          // Refused only for a reason: an open fence or a same-titled active task.
          const clash = before.tasks.some((t) => t.title === newTitle && (t.status === 'ready' || t.status === 'in-progress'));
          assert.ok(clash || /\n {0,3}(```|~~~)/.test(text), 'refused without a reason');
          return;
        }
        const at = before.appendAt;
        assert.ok(r.text.startsWith(text.slice(0, at)));
        assert.ok(r.text.endsWith(text.slice(at)));
        const inserted = r.text.slice(at, r.text.length - (text.length - at));
        assert.ok(inserted.includes(`## ${newTitle}${detectEol(text)}**Status:** ready${detectEol(text)}`));
        if (detectEol(text) === '\r\n') assert.ok(!/(^|[^\r])\n/.test(inserted), 'LF in a CRLF file');
        else assert.ok(!inserted.includes('\r'), 'CR in an LF file');
        const after = taskSummary(r.text);
        assert.deepStrictEqual(after.slice(0, -1), taskSummary(text));
        assert.deepStrictEqual([after[after.length - 1].title, after[after.length - 1].status], [newTitle, 'ready']);
        assert.strictEqual(parseTaskFile(r.text, F).lastTick, before.lastTick);
      }),
      RUNS,
    );
  });

  it('move: only the status, started, completed and summary lines of that task differ', () => {
    const FIELD = /^\*\*(status|started|completed):\*\*/i;
    fc.assert(
      fc.property(taskFile, fc.integer({ min: 1, max: 6 }), fc.constantFrom<'in-progress' | 'done'>('in-progress', 'done'), fc.option(fc.constantFrom('Did it.', 'Line one\nline two')), stamp, ({ text, eol }, pos, to, summary, now) => {
        const before = parseTaskFile(text, F);
        if (pos > before.tasks.length) return;
        const plain = attempt(() => moveText(text, F, { ref: String(pos), to, now, outOfOrder: true }));
        const t = before.tasks[pos - 1];
        if (plain === null) {
          assert.ok(!(t.status === 'ready' || t.status === 'in-progress') || t.status === to, 'refused without a reason');
          return;
        }
        assert.ok(t.status === 'ready' || t.status === 'in-progress');
        // Outside the task: identical.
        assert.strictEqual(plain.text.slice(0, t.span.start), text.slice(0, t.span.start));
        const tail = text.slice(t.span.end);
        assert.ok(plain.text.endsWith(tail));
        // Inside: identical once the lifecycle lines are set aside.
        const strip = (s: string) => s.split(/\r\n|\n/).filter((l) => !FIELD.test(l));
        const movedTask = plain.text.slice(t.span.start, plain.text.length - tail.length);
        assert.deepStrictEqual(strip(movedTask), strip(text.slice(t.span.start, t.span.end)));
        const moved = parseTaskFile(plain.text, F).tasks[pos - 1];
        assert.strictEqual(moved.status, to);
        assert.ok(plain.text.split(/\r\n|\n/).includes(`**Status:** ${to}`));
        assert.strictEqual(to === 'in-progress' ? moved.started : moved.completed, now);
        // A ready task taken to done went through in-progress: started now too.
        if (t.status === 'ready') assert.strictEqual(moved.started, now);
        // Other tasks parse as before.
        const others = (s: string) => taskSummary(s).filter((_, i) => i !== pos - 1);
        assert.deepStrictEqual(others(plain.text), others(text));
        if (summary && to === 'done' && !t.span.summaryHeading) {
          const withSummary = moveText(text, F, { ref: String(pos), to, now, summary, outOfOrder: true });
          const at = parseTaskFile(plain.text, F).tasks[pos - 1].span.contentEnd;
          const expected = plain.text.slice(0, at) + `${eol}${eol}### Summary${eol}${summary.replace(/\n/g, eol)}` + plain.text.slice(at);
          assert.strictEqual(withSummary.text, expected);
          assert.strictEqual(parseTaskFile(withSummary.text, F).tasks[pos - 1].summary, summary);
        }
      }),
      RUNS,
    );
  });

  it('reorder: the same blocks, in the requested order, head and tail untouched', () => {
    fc.assert(
      fc.property(taskFile, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), ({ text }, from, anchor, before) => {
        const parsed = parseTaskFile(text, F);
        const n = parsed.tasks.length;
        if (from > n || anchor > n || from === anchor) return;
        const r = reorderText(text, F, before ? { ref: String(from), before: String(anchor) } : { ref: String(from), after: String(anchor) });
        const blocks = (s: string) => {
          const p = parseTaskFile(s, F);
          return p.tasks.map((t) => s.slice(t.span.start, t.span.end).replace(/\s+$/, ''));
        };
        const old = blocks(text);
        const now = blocks(r.text);
        assert.deepStrictEqual([...now].sort(), [...old].sort());
        const order = old.map((_, i) => i).filter((i) => i !== from - 1);
        order.splice(order.indexOf(anchor - 1) + (before ? 0 : 1), 0, from - 1);
        assert.deepStrictEqual(now, order.map((i) => old[i]));
        assert.ok(r.text.startsWith(text.slice(0, parsed.tasks[0].span.start)));
        assert.ok(r.text.endsWith(text.slice(parsed.tasks[n - 1].span.end)));
        assert.strictEqual(parseTaskFile(r.text, F).lastTick, parsed.lastTick);
      }),
      RUNS,
    );
  });

  it('prune: exactly the old done blocks are gone', () => {
    fc.assert(
      fc.property(taskFile, fc.integer({ min: 0, max: 30 }), ({ text }, days) => {
        const now = '2026-03-29T00:00';
        const parsed = parseTaskFile(text, F);
        const r = pruneTasksText(text, F, { now, days });
        const cutoff = parseStamp(now)! - days * 1440;
        const gone = parsed.tasks.filter((t) => t.status === 'done' && parseStamp(t.completed) !== null && parseStamp(t.completed)! < cutoff);
        let expected = '';
        let pos = 0;
        for (const t of gone) {
          expected += text.slice(pos, t.span.start);
          pos = t.span.end;
        }
        expected += text.slice(pos);
        assert.strictEqual(r.text, expected);
        assert.deepStrictEqual(r.items.map((i) => i.label), gone.map((t) => t.title));
      }),
      RUNS,
    );
  });

  it('reassign: the task leaves one file and arrives in the other, everything else stays', () => {
    fc.assert(
      fc.property(taskFile, taskFile, fc.integer({ min: 1, max: 6 }), (src, dst, pos) => {
        const parsedSrc = parseTaskFile(src.text, F);
        if (pos > parsedSrc.tasks.length) return;
        const block = attempt(() => takeReadyTask(src.text, F, String(pos)));
        if (block === null) {
          assert.notStrictEqual(parsedSrc.tasks[pos - 1].status, 'ready');
          return;
        }
        const copy = attempt(() => appendCopy(dst.text, 'agents/bob/tasks.md', block));
        if (copy === null) return;
        const dstParsed = parseTaskFile(dst.text, 'b');
        assert.ok(copy.text.startsWith(dst.text.slice(0, dstParsed.appendAt)));
        assert.ok(copy.text.endsWith(dst.text.slice(dstParsed.appendAt)));
        const arrived = parseTaskFile(copy.text, 'b').tasks.at(-1)!;
        const t = parsedSrc.tasks[pos - 1];
        assert.deepStrictEqual([arrived.title, arrived.status, arrived.body, arrived.fields], [t.title, t.status, t.body, t.fields]);
        const removed = removeTask(src.text, F, block);
        assert.strictEqual(removed, src.text.slice(0, t.span.start) + src.text.slice(t.span.end));
      }),
      RUNS,
    );
  });
});

/**
 * What an agent's stale whole-file write does to the text it read: claims the first
 * ready task (the exact status line, wherever it is: agents use sed or grep) and
 * sets its last tick.
 */
function agentRewrite(text: string, eol: string, now: string): string {
  let out = text.replace(new RegExp(`(^|${eol})\\*\\*Status:\\*\\* ready(?=${eol}|$)`), `$1**Status:** in-progress${eol}**Started:** ${now}`);
  const tick = `<!-- cortex:last-tick ${now} -->`;
  if (/<!-- cortex:last-tick [^\r\n]* -->/.test(out)) out = out.replace(/<!-- cortex:last-tick [^\r\n]* -->/, tick);
  else out += (out === '' || /\n$/.test(out) ? '' : eol) + tick + eol;
  return out;
}

describe('operations are idempotent and put back onto an agent\'s stale write (property)', () => {
  it('dispatch: holds once applied, not before; re-applied on the stale text it adds only its block, once', () => {
    fc.assert(
      fc.property(taskFile, fc.constantFrom('New task', 'Another one'), dispatchBody, stamp, ({ text, eol }, newTitle, body, now) => {
        const op = dispatchOperation(F, { title: newTitle, body });
        const first = attempt(() => op.apply(text, { exists: true }));
        if (first === null) return;
        assert.strictEqual(op.holds!(text), false);
        assert.strictEqual(op.holds!(first.text), true);
        // The agent read `text` before our write and writes its edit of it after.
        const stale = agentRewrite(text, eol, now);
        if (op.holds!(stale)) return; // (an agent-made task with our title is open: dispatch would be refused)
        const again = attempt(() => op.apply(stale, { exists: true }));
        if (again === null) return;
        const at = parseTaskFile(stale, F).appendAt;
        assert.ok(again.text.startsWith(stale.slice(0, at)) && again.text.endsWith(stale.slice(at)), 'only our block is added to the agent\'s text');
        assert.strictEqual(op.holds!(again.text), true);
        assert.strictEqual(parseTaskFile(again.text, F).tasks.filter((t) => t.id === first.result.id).length, 1);
        // The agent claims our task (and may even drop the marker): still held, nothing to redo.
        const claimed = again.text.replace(`## ${newTitle}${eol}**Status:** ready`, `## ${newTitle}${eol}**Status:** in-progress`);
        assert.strictEqual(op.holds!(claimed), true);
        assert.strictEqual(op.holds!(claimed.replace(/<!-- cortex-team:id [0-9a-f]+ -->/, '')), true);
      }),
      RUNS,
    );
  });

  it('move: holds at its status or beyond; re-applied on the stale text it keeps the agent\'s edit', () => {
    fc.assert(
      fc.property(taskFile, fc.integer({ min: 1, max: 6 }), fc.constantFrom<'in-progress' | 'done'>('in-progress', 'done'), stamp, stamp, ({ text, eol }, pos, to, now, agentNow) => {
        const op = moveOperation(F, { ref: String(pos), to, now });
        const first = attempt(() => op.apply(text, { exists: true }));
        if (first === null) return;
        assert.strictEqual(op.holds!(first.text), true);
        const stale = agentRewrite(text, eol, agentNow);
        if (op.holds!(stale)) return;
        const again = attempt(() => op.apply(stale, { exists: true }));
        if (again === null) return;
        assert.strictEqual(op.holds!(again.text), true);
        assert.strictEqual(parseTaskFile(again.text, F).lastTick, parseTaskFile(stale, F).lastTick, 'the agent\'s tick stays');
        const others = (s: string) => taskSummary(s).filter((t) => t.title !== first.result.title);
        assert.deepStrictEqual(others(again.text), others(stale), 'the other tasks as the agent left them');
      }),
      RUNS,
    );
  });

  it('reorder: holds while the task sits next to the anchor; re-applied it keeps the agent\'s edit', () => {
    fc.assert(
      fc.property(taskFile, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), stamp, ({ text, eol }, from, anchor, before, agentNow) => {
        const op = reorderOperation(F, before ? { ref: String(from), before: String(anchor) } : { ref: String(from), after: String(anchor) });
        const first = attempt(() => op.apply(text, { exists: true }));
        if (first === null) return;
        assert.strictEqual(op.holds!(first.text), true);
        const stale = agentRewrite(text, eol, agentNow);
        if (op.holds!(stale)) return;
        const again = attempt(() => op.apply(stale, { exists: true }));
        if (again === null) return;
        assert.strictEqual(op.holds!(again.text), true);
        assert.strictEqual(parseTaskFile(again.text, F).lastTick, parseTaskFile(stale, F).lastTick);
        const sorted = (s: string) => taskSummary(s).map((t) => JSON.stringify(t)).sort();
        assert.deepStrictEqual(sorted(again.text), sorted(stale), 'the same tasks, as the agent left them');
      }),
      RUNS,
    );
  });
});
