import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { unindexedDecisions } from '../../../../src/core/worklog/decision-index-check';
import { parseWorklog } from '../../../../src/core/worklog/parse';

const ROOT = path.resolve(__dirname, '../../../../..');
const EXAMPLE = readFileSync(path.join(ROOT, 'examples/team/WORKLOG.md'), 'utf8');

describe('decision index check (lint)', () => {
  it('flags a decision.recorded entry no index row names: the example team keeps one as its demonstration', () => {
    const flagged = unindexedDecisions(parseWorklog(EXAMPLE));
    assert.deepStrictEqual(flagged.map((d) => [d.file, d.line, d.severity]), [['WORKLOG.md', 28, 'warning']]);
    assert.match(flagged[0].message, /^The decision "decision: invoice numbering" has no row in the decision index .*with "invoice numbering" as its Entry\); all decisions must appear there\.$/);
    // A row whose Entry names the subject (with or without its type word, or the whole heading) indexes it.
    for (const entry of ['invoice numbering', 'decision: invoice numbering', 'Invoice Numbering', '2026-03-26T15:05 — chief-of-staff — decision: invoice numbering']) {
      assert.deepStrictEqual(unindexedDecisions(parseWorklog(EXAMPLE.replace('| Invoicing v2 plan |', `| ${entry} |`))), [], entry);
    }
    // A decision told by its body's **Decision:** line is one too; other entries are not checked; no index at all flags each decision.
    const noIndex = '# Worklog\n\n## 2026-03-02T10:00 — a — pricing\n**Decision:** monthly.\n\n## 2026-03-01T10:00 — a — handoff: list\nDone.\n';
    assert.deepStrictEqual(unindexedDecisions(parseWorklog(noIndex)).map((d) => d.line), [3]);
  });
});
