import * as assert from 'assert';
import fc from 'fast-check';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { findHeadingSection, upsertHeadingSection } from '../../../../src/core/protocol-file/heading-section';

const F = 'CLAUDE.local.md';
const SECTION = '## Cortex\n\nRead .cortex.md.\n';

function upsert(text: string | undefined, section = SECTION): string {
  return upsertHeadingSection(text, 'Cortex', section, F);
}

describe('"## Cortex" section of CLAUDE.local.md (byte-exact)', () => {
  it('a new file is the section alone', () => {
    assert.strictEqual(upsert(undefined), '## Cortex\n\nRead .cortex.md.\n');
  });

  it('appends to a file without one, after a blank line', () => {
    assert.strictEqual(upsert('# Local notes\n\nUse pnpm.\n'), '# Local notes\n\nUse pnpm.\n\n## Cortex\n\nRead .cortex.md.\n');
    assert.strictEqual(upsert('Use pnpm.'), 'Use pnpm.\n\n## Cortex\n\nRead .cortex.md.\n');
  });

  it('replaces the section up to the next heading, keeping one blank line before it', () => {
    const text = '# Notes\n\n## Cortex\nold pointer\nmore old\n## Style\nTabs.\n';
    assert.strictEqual(upsert(text), '# Notes\n\n## Cortex\n\nRead .cortex.md.\n\n## Style\nTabs.\n');
  });

  it('keeps deeper headings inside the section and stops at a level-1 heading', () => {
    const text = 'a\n\n## Cortex\nold\n### detail\nold too\n\n# Other\nkeep\n';
    assert.strictEqual(upsert(text), 'a\n\n## Cortex\n\nRead .cortex.md.\n\n# Other\nkeep\n');
  });

  it('replaces a section at the end of the file', () => {
    assert.strictEqual(upsert('top\n\n## Cortex\nold\n\n\n'), 'top\n\n## Cortex\n\nRead .cortex.md.\n');
    assert.strictEqual(upsert('top\n\n## Cortex\nold'), 'top\n\n## Cortex\n\nRead .cortex.md.\n');
  });

  it('matches the heading without regard to case or trailing hashes', () => {
    assert.strictEqual(upsert('## cortex ##\nold\n'), SECTION);
  });

  it('ignores a "## Cortex" inside a code fence', () => {
    const text = '```\n## Cortex\n```\n';
    assert.strictEqual(findHeadingSection(text, 'Cortex', F), null);
    assert.strictEqual(upsert(text), '```\n## Cortex\n```\n\n## Cortex\n\nRead .cortex.md.\n');
  });

  it('ignores other headings that start with the same word', () => {
    assert.strictEqual(upsert('## Cortex notes\nmine\n'), '## Cortex notes\nmine\n\n## Cortex\n\nRead .cortex.md.\n');
  });

  it('keeps CRLF files in CRLF', () => {
    const text = '# N\r\n\r\n## Cortex\r\nold\r\n\r\n## Next\r\nx\r\n';
    assert.strictEqual(upsert(text), '# N\r\n\r\n## Cortex\r\n\r\nRead .cortex.md.\r\n\r\n## Next\r\nx\r\n');
    assert.strictEqual(upsert('Use pnpm.\r\n'), 'Use pnpm.\r\n\r\n## Cortex\r\n\r\nRead .cortex.md.\r\n');
  });

  it('keeps a byte order mark and frontmatter', () => {
    assert.strictEqual(upsert('\uFEFF---\ntitle: x\n---\n## Cortex\nold\n'), '\uFEFF---\ntitle: x\n---\n## Cortex\n\nRead .cortex.md.\n');
  });

  it('is idempotent', () => {
    for (const start of [undefined, '', 'x', 'x\r\n', '## Cortex\nold\n## B\n', 'a\n## Cortex']) {
      const once = upsert(start);
      assert.strictEqual(upsert(once), once);
    }
  });

  it('refuses a file with two "## Cortex" sections', () => {
    assert.throws(
      () => upsert('## Cortex\na\n## Cortex\nb\n'),
      (e: unknown) => e instanceof CortexInputError && /2 "## Cortex" sections \(lines 1, 3\)/.test(e.message),
    );
  });

  it('refuses a generated section with the wrong heading or a heading of its own', () => {
    assert.throws(() => upsert('x\n', '## Other\n'), CortexInputError);
    assert.throws(() => upsert('x\n', '## Cortex\n## More\n'), CortexInputError);
  });

  it('never changes a byte outside the section (property)', () => {
    const line = fc.stringMatching(/^[^\r\n#`~]{0,20}$/).filter((l) => l.trimEnd() !== '---');
    const block = fc.array(line, { maxLength: 5 }).map((ls) => ls.join('\n'));
    fc.assert(
      fc.property(block, block, fc.boolean(), (above, below, hasNext) => {
        const prefix = above === '' ? '' : above + '\n\n';
        const suffix = hasNext ? '## Next\n' + below + '\n' : '';
        const text = `${prefix}## Cortex\nold\n${hasNext ? '\n' : ''}${suffix}`;
        const out = upsert(text);
        assert.ok(out.startsWith(prefix + SECTION));
        assert.ok(out.endsWith(suffix));
        assert.strictEqual(out.length, prefix.length + SECTION.length + (hasNext ? 1 : 0) + suffix.length);
      }),
      { numRuns: 200 },
    );
  });
});
