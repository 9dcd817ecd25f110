import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { reviewText, reworkTitle, sendBackText } from '../../../../src/core/ops/review';
import { isToReview, reviewOf } from '../../../../src/core/review/review-line';

const F = 'agents/ada/tasks.md';
const NOW = '2026-11-24T10:00';
const DONE = '## A\n**Status:** done\n**Started:** 2026-11-24T09:10\n**Completed:** 2026-11-24T09:52\n\nBody.\n\n### Summary\nDid it.\n';
const TICK = '<!-- cortex:last-tick 2026-11-24T09:55 -->';
/** What agents grep to decide whether they have work (idle suppression). */
const ACTIVE = /^\*\*Status:\*\* (ready|in-progress)/m;

describe('review lines', () => {
  it('accept adds "**Reviewed:** <time> accepted" after Completed; the rest stays byte for byte and the task stays done', () => {
    const text = `${DONE}\n## B\n**Status:** ready\n\n${TICK}\n`;
    const out = reviewText(text, F, { ref: 'A', verdict: 'accepted', now: NOW }).text;
    assert.strictEqual(out, text.replace('**Completed:** 2026-11-24T09:52\n', `**Completed:** 2026-11-24T09:52\n**Reviewed:** ${NOW} accepted\n`));
    const task = parseTaskFile(out, F).tasks[0];
    assert.strictEqual(task.status, 'done');
    assert.deepStrictEqual(reviewOf(task), { at: NOW, verdict: 'accepted' });
    assert.strictEqual(isToReview(task), false);
    assert.strictEqual(parseTaskFile(out, F).diagnostics.length, 0);
  });

  it('is invisible to the idle-suppression grep: a file with only done tasks stays without work', () => {
    const out = reviewText(DONE, F, { ref: '1', verdict: 'accepted', now: NOW }).text;
    assert.ok(!ACTIVE.test(out));
  });

  it('a second review replaces the line; CRLF files keep CRLF', () => {
    const crlf = DONE.replace(/\n/g, '\r\n');
    const once = reviewText(crlf, F, { ref: 'A', verdict: 'sent back', now: NOW }).text;
    const twice = reviewText(once, F, { ref: 'A', verdict: 'accepted', now: '2026-11-24T11:00' }).text;
    assert.strictEqual(twice, crlf.replace('**Completed:** 2026-11-24T09:52\r\n', '**Completed:** 2026-11-24T09:52\r\n**Reviewed:** 2026-11-24T11:00 accepted\r\n'));
  });

  it('goes after the status line of a done task without times', () => {
    const out = reviewText('## A\n**Status:** done', F, { ref: 'A', verdict: 'accepted', now: NOW }).text;
    assert.strictEqual(out, `## A\n**Status:** done\n**Reviewed:** ${NOW} accepted`);
  });

  it('refuses a task that is not done, and writes nothing', () => {
    assert.throws(() => reviewText('## A\n**Status:** in-progress\n', F, { ref: 'A', verdict: 'accepted', now: NOW }), (e: Error) => e instanceof CortexInputError && /only done tasks are reviewed/.test(e.message));
  });

  it('reads a review however the key is cased; an unreadable value is no review', () => {
    assert.deepStrictEqual(reviewOf({ fields: { reviewed: '2026-11-24T10:00 Sent Back, see rework' } }), { at: NOW, verdict: 'sent back' });
    assert.strictEqual(reviewOf({ fields: { Reviewed: 'yes' } }), null);
    assert.strictEqual(isToReview({ status: 'done', fields: {} }), true);
    assert.strictEqual(isToReview({ status: 'in-progress', fields: {} }), false);
  });
});

describe('send back (rework tasks)', () => {
  it('records "sent back" and dispatches "Rework: <title>" quoting the comment and naming the original', () => {
    const text = `${DONE}\n${TICK}\n`;
    const r = sendBackText(text, F, { ref: 'A', comment: 'The signature check is missing.\n\nAdd a test for it.', now: NOW });
    assert.strictEqual(r.reworkTitle, 'Rework: A');
    assert.strictEqual(r.reworkPosition, 2);
    const tasks = parseTaskFile(r.text, F).tasks;
    assert.strictEqual(tasks[0].status, 'done', 'the original stays done');
    assert.deepStrictEqual(reviewOf(tasks[0]), { at: NOW, verdict: 'sent back' });
    const rework = tasks[1];
    assert.strictEqual(rework.status, 'ready');
    assert.strictEqual(rework.fields['Rework of'], 'A');
    assert.strictEqual(
      rework.body,
      [
        `Sent back in review: "A" (done 2026-11-24T09:52, task 1 in ${F}) needs more work.`,
        '',
        '> The signature check is missing.',
        '>',
        '> Add a test for it.',
        '',
        'The original task stays done. Do the rework here, and say in the Summary what changed.',
      ].join('\n'),
    );
    assert.ok(r.text.endsWith(`\n\n${TICK}\n`), 'the tick stays last');
    assert.strictEqual(parseTaskFile(r.text, F).diagnostics.length, 0);
  });

  it('quoting keeps a comment with a "## " line or a status line from becoming structure', () => {
    const r = sendBackText(DONE, F, { ref: 'A', comment: '## not a task\n**Status:** ready', now: NOW });
    const tasks = parseTaskFile(r.text, F).tasks;
    assert.strictEqual(tasks.length, 2);
    assert.strictEqual((r.text.match(/^\*\*Status:\*\* ready/gm) ?? []).length, 1);
  });

  it('numbers the title when an active rework already has it; a rework of a rework keeps one prefix', () => {
    assert.strictEqual(reworkTitle('A', new Set(['Rework: A'])), 'Rework: A (2)');
    assert.strictEqual(reworkTitle('Rework: A', new Set()), 'Rework: A');
    const once = sendBackText(DONE, F, { ref: 'A', comment: 'again', now: NOW }).text;
    const twice = sendBackText(once, F, { ref: 'A', comment: 'and again', now: NOW });
    assert.strictEqual(twice.reworkTitle, 'Rework: A (2)');
  });

  it('refuses an empty comment, a tick-like comment and a task that is not done', () => {
    assert.throws(() => sendBackText(DONE, F, { ref: 'A', comment: '  ', now: NOW }), CortexInputError);
    assert.throws(() => sendBackText(DONE, F, { ref: 'A', comment: '<!-- cortex:last-tick 2026-11-24T10:00 -->', now: NOW }), CortexInputError);
    assert.throws(() => sendBackText('## A\n**Status:** ready\n', F, { ref: 'A', comment: 'x', now: NOW }), CortexInputError);
  });
});
