import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { LIMITS, checkAgentName, checkBlockText, checkOneLine, checkTitle, checkUserText, otherSlugSpellings, slugNote, slugify, visible } from '../../../../src/core/text/input-rules';
import { registerAgent } from '../../../../src/core/ops/register';
import { dispatchText } from '../../../../src/core/ops/dispatch';
import { moveText } from '../../../../src/core/ops/move';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';

/** The one set of input rules, and that every operation uses it. */
const refuses = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof CortexInputError, String(e));
    assert.match(e.message, pattern);
    return true;
  });

describe('input rules', () => {
  it('titles: one trimmed line, nothing the task grammar reads as structure', () => {
    assert.strictEqual(checkTitle('  Fix the login redirect  '), 'Fix the login redirect');
    assert.strictEqual(checkTitle('Ünïcode: 日本語 🚀 — fine'), 'Ünïcode: 日本語 🚀 — fine');
    refuses(() => checkTitle(''), /must not be empty/);
    refuses(() => checkTitle('   '), /must not be empty/);
    for (const br of ['\n', '\r', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c']) refuses(() => checkTitle(`a${br}b`), /single line/);
    refuses(() => checkTitle('## Nested'), /must not start with "#"/);
    refuses(() => checkTitle('# Top'), /must not start with "#"/);
    refuses(() => checkTitle('Ship **Status:** done'), /must not contain "\*\*Status:\*\*"/);
    refuses(() => checkTitle('ship ** status ** done'), /\*\*Status:\*\*/);
    refuses(() => checkTitle('tick <!-- cortex:last-tick 2026-01-01T00:00 -->'), /must not contain "<!--" or "-->"/);
    refuses(() => checkTitle('a --> b'), /"-->"/);
  });

  it('titles: no control or direction characters, named in the message', () => {
    refuses(() => checkTitle('red \u001b[31mALERT'), /U\+001B \(ESC, which starts terminal escape codes\)/);
    refuses(() => checkTitle('a\tb'), /U\+0009 \(tab\)/);
    refuses(() => checkTitle('null\u0000byte'), /U\+0000 \(NUL\)/);
    refuses(() => checkTitle('c1 \u009b control'), /U\+009B \(a control character\)/);
    refuses(() => checkTitle('invoice \u202Efdp.exe'), /U\+202E \(right-to-left override\)/);
    refuses(() => checkTitle('isolate \u2067x\u2069'), /U\+2067 \(right-to-left isolate\)/);
  });

  it('titles: bounded length, counted in characters', () => {
    assert.strictEqual(checkTitle('é'.repeat(LIMITS.title)).length, LIMITS.title);
    assert.strictEqual(checkTitle('🚀'.repeat(LIMITS.title)).length, 2 * LIMITS.title, 'an emoji is one character');
    refuses(() => checkTitle('x'.repeat(LIMITS.title + 1)), /is 201 characters long; at most 200 are allowed \(put the details in the body\)/);
    refuses(() => checkTitle('x'.repeat(100 * 1024)), /is 102,400 characters long/);
  });

  it('bodies and summaries: lines, but no structure, controls, markers or open comments', () => {
    checkUserText('Line one\n\tindented\r\n### Sub\n```\n## in a fence\n```\n<!-- a comment -->', 'task body');
    refuses(() => checkUserText('## New task', 'task body'), /"## " heading at the start of line 1 of the task body/);
    refuses(() => checkUserText('x\n**Status:** done', 'summary'), /status line \(line 2 of the summary\)/);
    refuses(() => checkUserText('<!-- cortex:last-tick 2026-01-01T00:00 -->', 'task body'), /last-tick comment/);
    refuses(() => checkUserText('<!-- cortex-team:id 0123456789ab -->', 'task body'), /"<!-- cortex-team:" marker/);
    refuses(() => checkUserText('```\nopen', 'task body'), /never closes/);
    refuses(() => checkUserText('hidden <!-- rest', 'task body'), /HTML comment .* never closes/);
    refuses(() => checkUserText('a\nb \u001b[2J', 'task body'), /U\+001B .* on line 2/);
    refuses(() => checkUserText('\u202E', 'summary'), /U\+202E/);
    refuses(() => checkUserText('x'.repeat(LIMITS.text + 1), 'task body'), /at most 65,536/);
    checkBlockText('entry\n### ok', 'entry body');
    refuses(() => checkBlockText('# heading', 'entry body'), /"#" heading on its line 1/);
    refuses(() => checkBlockText('bell \u0007', 'message'), /U\+0007/);
  });

  it('one-line values: trimmed, single line, bounded, no controls', () => {
    assert.strictEqual(checkOneLine('  Backend work ', 'role'), 'Backend work');
    refuses(() => checkOneLine('a\nb', 'role'), /single line/);
    refuses(() => checkOneLine('', 'role'), /must not be empty/);
    assert.strictEqual(checkOneLine('', 'role', 10, { allowEmpty: true }), '');
    refuses(() => checkOneLine('12345678901', 'role', 10), /at most 10/);
    refuses(() => checkOneLine('x\u001by', 'role'), /U\+001B/);
  });

  it('slugs by the protocol\'s rule: lowercase, spaces to hyphens, everything else but a-z 0-9 - dropped (accents too), ends trimmed', () => {
    // The protocol's table.
    assert.strictEqual(slugify('Billing Dev'), 'billing-dev');
    assert.strictEqual(slugify('Chief of Staff'), 'chief-of-staff');
    assert.strictEqual(slugify('Dashboard Dev'), 'dashboard-dev');
    // Accents: dropped, as the plugin and the coordinator's protocol text do.
    assert.strictEqual(slugify('José Dev'), 'jos-dev');
    assert.strictEqual(slugify('Zoë Ødegård'), 'zo-degrd');
    assert.strictEqual(slugify('Ünïcode Ågent 🚀'), 'ncode-gent');
    assert.strictEqual(slugify('ﬁnance'), 'nance', 'no compatibility decomposition either');
    // Digits and symbols.
    assert.strictEqual(slugify('Agent 007'), 'agent-007');
    assert.strictEqual(slugify('R2-D2 (beta)!'), 'r2-d2-beta');
    assert.strictEqual(slugify('C++ & Rust_Dev'), 'c--rustdev');
    assert.strictEqual(slugify('a.b/c\\d'), 'abcd');
    assert.strictEqual(slugify('🚀 Rocket'), 'rocket', 'a hyphen left at an end goes');
    assert.strictEqual(slugify('Агент'), '', 'no letters a-z: nothing left');
    assert.deepStrictEqual(checkAgentName(' José Dev '), { name: 'José Dev', slug: 'jos-dev' });
    refuses(() => checkAgentName('Агент 🚀'), /gives an empty slug; a name needs letters a-z or digits \(accented letters are dropped/);
    refuses(() => checkAgentName('x'.repeat(LIMITS.name + 1)), /at most 80/);
    refuses(() => checkAgentName('Bad\u202Ename'), /U\+202E/);
  });

  it('other spellings of a slug: accents folded (an earlier version\'s) and untrimmed (the plugin\'s), never the slug itself', () => {
    assert.deepStrictEqual(otherSlugSpellings('José Dev'), ['jose-dev']);
    assert.deepStrictEqual(otherSlugSpellings('Ünïcode Ågent 🚀'), ['unicode-agent', 'ncode-gent-']);
    assert.deepStrictEqual(otherSlugSpellings('Ærøskøbing Straße'), ['aeroskobing-strasse']);
    assert.deepStrictEqual(otherSlugSpellings('Billing Dev'), []);
    assert.deepStrictEqual(otherSlugSpellings('Агент'), [], 'nothing letterless');
  });

  it('slugNote says why characters went, and nothing when only case and spaces changed', () => {
    assert.strictEqual(slugNote('Billing Dev'), undefined);
    assert.match(slugNote('José Dev')!, /accented ones too\) are dropped, as the Cortex protocol derives slugs, so every tool/);
    assert.match(slugNote('R2-D2 (beta)!')!, /characters other than a-z, 0-9 and "-" are dropped/);
  });

  it('visible: control and direction characters as JSON-compatible escapes, long text cut', () => {
    assert.strictEqual(visible('a\u001b[31mb\u202Ec'), 'a\\u001B[31mb\\u202Ec');
    assert.strictEqual(visible('line\nnext\ttab', 0, true), 'line\nnext\ttab');
    assert.strictEqual(visible('crlf\r\nlone\rcr', 0, true), 'crlf\r\nlone\\u000Dcr');
    assert.strictEqual(visible('x'.repeat(100), 10), `${'x'.repeat(10)}…`);
    assert.strictEqual(JSON.parse(visible(JSON.stringify({ t: 'a\u202Eb\u0085' }))).t, 'a\u202Eb\u0085', 'escaped JSON means the same');
  });

  it('every operation uses them: dispatch, move with a summary, register', async () => {
    refuses(() => dispatchText('', 'tasks.md', { title: 'x\u001b' }), /U\+001B/);
    refuses(() => dispatchText('', 'tasks.md', { title: 'ok', body: 'x\u202E' }), /U\+202E/);
    const text = '## A\n**Status:** in-progress\n';
    refuses(() => moveText(text, 'tasks.md', { ref: 'A', to: 'done', now: '2026-01-01T00:00', summary: 'done \u001b[0m' }), /U\+001B/);
    const fs = new MemoryTeamFs();
    await assert.rejects(registerAgent(fs, { name: 'Eve\u202E', joined: '2026-01-01' }), /U\+202E/);
    await assert.rejects(registerAgent(fs, { name: 'Eve', role: 'r\u0007', joined: '2026-01-01' }), /U\+0007/);
    const r = await registerAgent(fs, { name: 'José Dev', joined: '2026-01-01' });
    assert.strictEqual(r.slug, 'jos-dev');
    assert.deepStrictEqual(fs.paths(), ['agents/jos-dev/jos-dev.md', 'agents/jos-dev/tasks.md']);
  });
});
