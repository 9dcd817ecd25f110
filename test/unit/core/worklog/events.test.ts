import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { encodeText } from '../../../../src/core/text/text';
import { eventIdOf, loadWorklogEvents, sessionIdOf, worklogEvents } from '../../../../src/core/worklog/events';
import { parseWorklog } from '../../../../src/core/worklog/parse';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');
const MALFORMED = readFileSync(path.join(ROOT, 'test/fixtures/worklog/malformed-WORKLOG.md'), 'utf8');

describe('events (seed 001 envelope)', () => {
  it('projects each entry with a stable id, fields, links and decisions', () => {
    const w = parseWorklog(EXAMPLE.replace('| Invoicing v2 plan |', '| invoice numbering |'));
    const events = worklogEvents(w, 'S-1');
    assert.strictEqual(events.length, 4);
    const d = events[2];
    assert.strictEqual(d.event_id, eventIdOf({ timestamp: '2026-03-26T15:05', actor: 'chief-of-staff', subject: 'decision: invoice numbering' }));
    assert.match(d.event_id, /^wl-[0-9a-f]{16}$/);
    assert.strictEqual(d.event_type, 'decision.recorded');
    assert.strictEqual(d.session_id, 'S-1');
    assert.deepStrictEqual(d.payload.decisions, [{ date: '2026-03-26', decision: 'Invoices get their number at finalisation, not at creation', line: 17 }]);
    assert.deepStrictEqual(d.links, [{ kind: 'decision', target: 'WORKLOG.md#L17' }]);
    assert.deepStrictEqual(Object.keys(d), ['event_id', 'event_type', 'session_id', 'actor', 'timestamp', 'subject', 'payload', 'links']);
  });

  it('finds files, URLs and messages, and numbers repeated headings', () => {
    const w = parseWorklog(MALFORMED + '\n## 2026-03-22T08:00 — ada — shipped the parser\nAgain.\n');
    const events = worklogEvents(w, null);
    const shipped = events.filter((e) => e.subject === 'shipped the parser');
    assert.strictEqual(shipped[1].event_id, `${shipped[0].event_id}-2`);
    assert.deepStrictEqual(shipped[0].payload.fields, { Completed: 'yes' });
    assert.deepStrictEqual(shipped[0].links, [
      { kind: 'file', target: 'src/core/parse.ts' },
      { kind: 'message', target: 'MSG-0002' },
      { kind: 'file', target: 'docs/spec.md' },
      { kind: 'url', target: 'https://example.com/x' },
    ]);
  });

  it('reads the session id from a charter', async () => {
    assert.strictEqual(sessionIdOf('---\nsession_id: S-2026-03\n---\n'), 'S-2026-03');
    assert.strictEqual(sessionIdOf('| Field | Value |\n|---|---|\n| Session ID | `abc-1` |\n'), 'abc-1');
    assert.strictEqual(sessionIdOf('**Session ID:** s9\n'), 's9');
    assert.strictEqual(sessionIdOf('# Charter\nno id'), null);
    const fs = new MemoryTeamFs();
    await fs.writeFile('WORKLOG.md', encodeText(EXAMPLE));
    assert.strictEqual((await loadWorklogEvents(fs)).events[0].session_id, null);
    await fs.writeFile('SESSION-CHARTER.md', encodeText('Session ID: run-7\n'));
    const loaded = await loadWorklogEvents(fs);
    assert.strictEqual(loaded.sessionId, 'run-7');
    assert.strictEqual(loaded.charter, 'SESSION-CHARTER.md');
  });
});
