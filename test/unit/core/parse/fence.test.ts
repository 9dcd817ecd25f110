// Code fences as every line scanner of the core reads them (src/core/parse/fence.ts).
import * as assert from 'node:assert/strict';
import { closesFence, eachUnfencedLine, fenceOpenedBy } from '../../../../src/core/parse/fence';
import { splitLines } from '../../../../src/core/text/text';

function unfenced(text: string, from = 0, to?: number): string[] {
  const lines = splitLines(text);
  const seen: string[] = [];
  eachUnfencedLine(text, lines, from, to ?? lines.length, (line, i) => seen.push(`${i}:${line}`));
  return seen;
}

describe('core/parse/fence', () => {
  it('opens on three or more backticks or tildes indented at most three spaces; closes on as many or more of the same, alone', () => {
    assert.deepEqual(fenceOpenedBy('```ts'), { char: '`', len: 3 });
    assert.deepEqual(fenceOpenedBy('   ~~~~'), { char: '~', len: 4 });
    assert.equal(fenceOpenedBy('    ```'), null);
    assert.equal(fenceOpenedBy('``'), null);
    assert.equal(closesFence(' ```` ', { char: '`', len: 3 }), true);
    assert.equal(closesFence('```', { char: '`', len: 4 }), false);
    assert.equal(closesFence('~~~', { char: '`', len: 3 }), false);
    assert.equal(closesFence('``` x', { char: '`', len: 3 }), false);
  });

  it('eachUnfencedLine passes over a fence, its opening and closing lines included, within the range asked', () => {
    const text = '## A\nkept\n```md\n## not a heading\n```\nafter\n~~~\nnever closed\n## still inside';
    assert.deepEqual(unfenced(text), ['0:## A', '1:kept', '5:after']);
    assert.deepEqual(unfenced(text, 1, 3), ['1:kept']);
    assert.deepEqual(unfenced('a\r\nb\r\n'), ['0:a', '1:b']);
  });
});
