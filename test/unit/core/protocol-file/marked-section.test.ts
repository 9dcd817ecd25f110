import * as assert from 'assert';
import fc from 'fast-check';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { CORTEX_BEGIN, CORTEX_END, findMarkedSection, markedBlock, upsertMarkedSection } from '../../../../src/core/protocol-file/marked-section';

const F = 'AGENTS.md';
const B = CORTEX_BEGIN;
const E = CORTEX_END;

function upsert(text: string | undefined, body = 'Protocol line 1\nline 2'): string {
  return upsertMarkedSection(text, body, F);
}

describe('marked Cortex section (byte-exact)', () => {
  it('a new file is the section alone, ending with a line break', () => {
    assert.strictEqual(upsert(undefined), `${B}\nProtocol line 1\nline 2\n${E}\n`);
  });

  it('drops blank lines around the body and keeps the inner ones', () => {
    assert.strictEqual(upsert(undefined, '\n\nA\n\nB\n\n'), `${B}\nA\n\nB\n${E}\n`);
  });

  it('appends to an existing file after one blank line, keeping every byte before it', () => {
    assert.strictEqual(upsert('# My agents\n\nBe nice.\n'), `# My agents\n\nBe nice.\n\n${B}\nProtocol line 1\nline 2\n${E}\n`);
  });

  it('does not double a blank line that is already there', () => {
    assert.strictEqual(upsert('Rules.\n\n'), `Rules.\n\n${B}\nProtocol line 1\nline 2\n${E}\n`);
  });

  it('appends to a file without a final line break', () => {
    assert.strictEqual(upsert('Rules.'), `Rules.\n\n${B}\nProtocol line 1\nline 2\n${E}\n`);
  });

  it('an empty existing file gets the section alone', () => {
    assert.strictEqual(upsert(''), `${B}\nProtocol line 1\nline 2\n${E}\n`);
  });

  it('replaces only the section, between user text above and below', () => {
    const text = `# Mine\n\nabove\n\n${B}\nold protocol\n${E}\n\nbelow\n`;
    assert.strictEqual(upsert(text, 'new'), `# Mine\n\nabove\n\n${B}\nnew\n${E}\n\nbelow\n`);
  });

  it('recognizes a begin marker with other words and indentation, and rewrites it in our form', () => {
    const text = `top\n  <!--   cortex:begin (old wording) -->\nold\n<!--cortex:end-->  \nbottom\n`;
    assert.strictEqual(upsert(text, 'new'), `top\n${B}\nnew\n${E}\nbottom\n`);
  });

  it('keeps the absence of a final line break after an end marker on the last line', () => {
    assert.strictEqual(upsert(`x\n\n${B}\nold\n${E}`, 'new'), `x\n\n${B}\nnew\n${E}`);
  });

  it('keeps CRLF files in CRLF, outside and inside the section', () => {
    const text = `# Mine\r\n\r\n${B}\r\nold\r\n${E}\r\n\r\ntail\r\n`;
    assert.strictEqual(upsert(text, 'a\nb'), `# Mine\r\n\r\n${B}\r\na\r\nb\r\n${E}\r\n\r\ntail\r\n`);
    assert.strictEqual(upsert('Rules.\r\n', 'a\nb'), `Rules.\r\n\r\n${B}\r\na\r\nb\r\n${E}\r\n`);
  });

  it('a section keeps its own line-break style in a file that mixes them', () => {
    const text = `a\nb\nc\n${B}\r\nold\r\n${E}\r\n`;
    assert.strictEqual(upsert(text, 'x\ny'), `a\nb\nc\n${B}\r\nx\r\ny\r\n${E}\r\n`);
  });

  it('converts a CRLF body to the file style', () => {
    assert.strictEqual(upsert('x\n', 'a\r\nb\r\n'), `x\n\n${B}\na\nb\n${E}\n`);
  });

  it('keeps a byte order mark', () => {
    assert.strictEqual(upsert('\uFEFFRules.\n', 'p'), `\uFEFFRules.\n\n${B}\np\n${E}\n`);
    assert.strictEqual(upsert('\uFEFF', 'p'), `\uFEFF${B}\np\n${E}\n`);
  });

  it('is idempotent', () => {
    for (const start of [undefined, '', 'Rules.', 'Rules.\r\n', `a\n${B}\nold\n${E}\nb`]) {
      const once = upsert(start);
      assert.strictEqual(upsert(once), once);
    }
  });

  it('finds the section with its lines', () => {
    const s = findMarkedSection(`a\n${B}\nx\n${E}\nb\n`, F);
    assert.ok(s);
    assert.strictEqual(s.beginLine, 2);
    assert.strictEqual(s.endLine, 4);
    assert.strictEqual(findMarkedSection('no markers\n', F), null);
  });

  it('does not take a marker in the middle of a line for one', () => {
    const text = `Write ${B} to start a section.\n`;
    assert.strictEqual(findMarkedSection(text, F), null);
    assert.strictEqual(upsert(text, 'p'), `${text}\n${B}\np\n${E}\n`);
  });

  for (const [name, text, pattern] of [
    ['a begin without an end', `a\n${B}\nb\n`, /line 2 has no end marker/],
    ['an end without a begin', `a\n${E}\n`, /end marker on line 2 with no begin marker/],
    ['two begins', `${B}\n${B}\n${E}\n`, /second Cortex begin marker on line 2/],
    ['two sections', `${B}\n${E}\n\n${B}\n${E}\n`, /two Cortex sections \(lines 1 and 4\)/],
  ] as const) {
    it(`refuses ${name}`, () => {
      assert.throws(() => upsert(text), (e: unknown) => e instanceof CortexInputError && pattern.test(e.message) && e.message.startsWith(F));
    });
  }

  it('refuses a body that holds a marker line', () => {
    assert.throws(() => markedBlock(`a\n${E}\nb`, '\n'), CortexInputError);
  });

  it('never changes a byte outside the section (property)', () => {
    const line = fc.stringMatching(/^[^\r\n]{0,30}$/).filter((l) => !/cortex:(begin|end)/.test(l));
    const userText = fc.tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([lines, eol, final]) => lines.join(eol) + (final && lines.length ? eol : ''));
    fc.assert(
      fc.property(userText, userText, fc.array(line, { maxLength: 5 }), fc.array(line, { maxLength: 5 }), (above, below, oldBody, newBody) => {
        const eol = above.includes('\r\n') || below.includes('\r\n') ? '\r\n' : '\n';
        const sep = above === '' || /\n$/.test(above) ? '' : eol;
        const text = above + sep + [B, ...oldBody, E].join(eol) + eol + below;
        const out = upsertMarkedSection(text, newBody.join('\n'), F);
        const s = findMarkedSection(out, F)!;
        assert.strictEqual(out.slice(0, s.from), above + sep);
        assert.strictEqual(out.slice(s.to), below);
        assert.strictEqual(upsertMarkedSection(out, newBody.join('\n'), F), out);
      }),
      { numRuns: 300 },
    );
  });
});
