import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { encodeText } from '../../../../src/core/text/text';
import { appendWorklogEntry, appendWorklogEntryText, NewWorklogEntry } from '../../../../src/core/worklog/append';
import { parseWorklog } from '../../../../src/core/worklog/parse';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');

/** A local wall-clock time (the file's style is local time with no zone). */
const AT = new Date(2026, 2, 28, 14, 5, 9);

function entry(over: Partial<NewWorklogEntry> = {}): NewWorklogEntry {
  return { type: 'handoff.posted', actor: 'billing-dev', subject: 'credit notes', body: 'Done.', at: AT, ...over };
}

const NEWEST = '# Worklog\n\n## 2026-03-02T10:00 — a — second\nB.\n\n## 2026-03-01T10:00 — a — first\nA.\n';
const OLDEST = '# Worklog\n\n## 2026-03-01T10:00 - a - first\nA.\n\n## 2026-03-02T10:00 - a - second\nB.\n';

describe('append a WORKLOG entry (byte-exact)', () => {
  it('puts a handoff above the first entry of a newest-first file', () => {
    const { text, result } = appendWorklogEntryText(NEWEST, entry());
    assert.strictEqual(text, '# Worklog\n\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\nDone.\n\n## 2026-03-02T10:00 — a — second\nB.\n\n## 2026-03-01T10:00 — a — first\nA.\n');
    assert.strictEqual(result.line, 3);
  });

  it('puts it after the last entry of an oldest-first file, copying its separator', () => {
    const { text } = appendWorklogEntryText(OLDEST, entry({ type: 'note.posted', subject: 'plain note', body: '' }));
    assert.strictEqual(text, OLDEST + '\n## 2026-03-28T14:05 - billing-dev - plain note\n');
  });

  it('adds a decision row to the index, keeping every other byte', () => {
    const { text, result } = appendWorklogEntryText(EXAMPLE, entry({ type: 'decision.recorded', subject: 'credit note numbers', decision: 'Credit notes share the invoice sequence', body: 'Agreed with the owner.' }));
    const expected = EXAMPLE.replace(
      '| 2026-03-26 | Invoices get their number at finalisation, not at creation | Invoicing v2 plan |\n',
      '| 2026-03-26 | Invoices get their number at finalisation, not at creation | Invoicing v2 plan |\n| 2026-03-28 | Credit notes share the invoice sequence | credit note numbers |\n',
    ).replace('## 2026-03-28T09:12', '## 2026-03-28T14:05 — billing-dev — decision: credit note numbers\nAgreed with the owner.\n\n## 2026-03-28T09:12');
    assert.strictEqual(text, expected);
    assert.strictEqual(result.decisionRow, true);
    const w = parseWorklog(text);
    assert.strictEqual(w.entries[0].eventType, 'decision.recorded');
    assert.deepStrictEqual(w.diagnostics, []);
  });

  it('creates the decision index under the status block when there is none', () => {
    const text = '# Worklog\n\n## Status\n| Agent | State |\n|---|---|\n| a | active |\n\n## 2026-03-01T10:00 — a — first\nA.\n';
    const out = appendWorklogEntryText(text, entry({ type: 'decision.recorded', subject: 'x', body: '' })).text;
    assert.strictEqual(out, '# Worklog\n\n## Status\n| Agent | State |\n|---|---|\n| a | active |\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-28 | x | x |\n\n## 2026-03-28T14:05 — billing-dev — decision: x\n\n## 2026-03-01T10:00 — a — first\nA.\n');
  });

  it('keeps CRLF and the BOM, and writes the body with the file\'s line breaks', () => {
    const crlf = '\uFEFF' + NEWEST.replace(/\n/g, '\r\n');
    const out = appendWorklogEntryText(crlf, entry({ body: 'line 1\nline 2' })).text;
    assert.strictEqual(out, '\uFEFF# Worklog\r\n\r\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\r\nline 1\r\nline 2\r\n\r\n## 2026-03-02T10:00 — a — second\r\nB.\r\n\r\n## 2026-03-01T10:00 — a — first\r\nA.\r\n');
  });

  it('copies the timestamp style (seconds, space) of the entries there', () => {
    // One entry: its order cannot be told, so newest first (the adopted format).
    const out = appendWorklogEntryText('## 2026-03-01 10:00:00 — a — first\n', entry({ type: 'note.posted', subject: 's', body: '' })).text;
    assert.strictEqual(out, '## 2026-03-28 14:05:09 — billing-dev — s\n\n## 2026-03-01 10:00:00 — a — first\n');
  });

  it('starts a new file with a title', () => {
    assert.strictEqual(appendWorklogEntryText('', entry()).text, '# Worklog\n\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\nDone.\n');
    assert.strictEqual(
      appendWorklogEntryText('', entry({ type: 'decision.recorded', body: '' })).text,
      '# Worklog\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-28 | credit notes | credit notes |\n\n## 2026-03-28T14:05 — billing-dev — decision: credit notes\n',
    );
  });

  it('does not double a type word the subject already has', () => {
    const out = appendWorklogEntryText(NEWEST, entry({ subject: 'Handoff: x' })).text;
    assert.ok(out.includes('## 2026-03-28T14:05 — billing-dev — Handoff: x\n'));
  });

  it('refuses bodies that would start a new block, and bad actors and subjects', () => {
    const bad: Array<Partial<NewWorklogEntry>> = [
      { body: 'ok\n## 2026-01-01T00:00 — x — y' },
      { body: '# Title' },
      { body: '```\nunclosed' },
      { actor: '' },
      { actor: 'a — b' },
      { subject: 'two\nlines' },
      { subject: '  ' },
    ];
    for (const b of bad) assert.throws(() => appendWorklogEntryText(NEWEST, entry(b)), CortexInputError, JSON.stringify(b));
    assert.doesNotThrow(() => appendWorklogEntryText(NEWEST, entry({ body: '### Details\n```\n## inside a fence\n```' })));
  });

  it('writes through editFile and creates a missing WORKLOG.md', async () => {
    const fs = new MemoryTeamFs();
    await fs.writeFile('agents/a/tasks.md', encodeText(''));
    const r = await appendWorklogEntry(fs, entry());
    assert.strictEqual(r.heading, '2026-03-28T14:05 — billing-dev — handoff: credit notes');
    assert.strictEqual(new TextDecoder().decode(await fs.readFile('WORKLOG.md')), '# Worklog\n\n## 2026-03-28T14:05 — billing-dev — handoff: credit notes\nDone.\n');
  });
});
