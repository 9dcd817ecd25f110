import * as assert from 'assert';
import { writeOperation } from '../../../../src/core/edit/writer';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { inactiveStatusOperation, inactiveStatusText } from '../../../../src/core/ops/leave-status';

/** The team side of the plugin's /leave: `status: active` → `status: inactive`, only those bytes. */
describe('leave: the agent note says status: inactive', () => {
  const note = (status: string, eol = '\n') => ['---', 'name: Billing Dev', 'project: ~/Projects/billing', status, 'joined: 2026-03-28', '---', '', '## Role', 'status: active', ''].join(eol);

  it('replaces only the value of the frontmatter status line, in any line ending, quoted or with a comment', () => {
    for (const eol of ['\n', '\r\n']) {
      const r = inactiveStatusText(note('status: active', eol));
      assert.deepStrictEqual(r, { text: note('status: inactive', eol), changed: true });
    }
    assert.strictEqual(inactiveStatusText(note('status: "active"')).text, note('status: "inactive"'));
    assert.strictEqual(inactiveStatusText(note('status:  Active  # on the team')).text, note('status:  inactive  # on the team'));
    assert.strictEqual(inactiveStatusText('\uFEFF' + note('status: active')).text, '\uFEFF' + note('status: inactive'));
  });

  it('leaves a note already inactive, without a status, with another word, or with unreadable frontmatter as it is (the body is never read)', () => {
    for (const text of [note('status: inactive'), note('owner: ada'), note('status: on-leave'), note('status: [active'), '## Role\nstatus: active\n', '---\nstatus: active\n']) {
      assert.deepStrictEqual(inactiveStatusText(text), { text, changed: false }, text);
    }
  });

  it('as a writer operation: writes once, then holds (a second leave changes nothing)', async () => {
    const fs = new MemoryTeamFs({ 'agents/b/b.md': note('status: active') });
    const first = await writeOperation(fs, 'agents/b/b.md', inactiveStatusOperation());
    assert.deepStrictEqual([first.changed, first.result], [true, true]);
    assert.strictEqual(Buffer.from(await fs.readFile('agents/b/b.md')).toString('utf8'), note('status: inactive'));
    const again = await writeOperation(fs, 'agents/b/b.md', inactiveStatusOperation());
    assert.deepStrictEqual([again.changed, again.result], [false, false]);
  });
});
