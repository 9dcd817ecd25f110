import * as assert from 'assert';
import fc from 'fast-check';
import { LineIndex, property, readJson, toValue } from '../../../../src/core/json/json-reader';

describe('JSON reader with positions', () => {
  it('reads what JSON.parse reads, with offsets of keys and values', () => {
    const text = '{\n  "a": [1, -2.5e3, true, null],\n  "b": { "c": "x\\u0041\\n" }\n}';
    const r = readJson(text);
    assert.ok(r.ok);
    assert.deepStrictEqual(toValue(r.root), JSON.parse(text));
    const b = property(r.root, 'b')!;
    assert.strictEqual(text.slice(b.keyOffset, b.keyOffset + b.keyLength), '"b"');
    const c = property(b.value, 'c')!;
    assert.strictEqual(text.slice(c.value.offset, c.value.offset + c.value.length), '"x\\u0041\\n"');
    assert.deepStrictEqual(new LineIndex(text).position(c.value.offset), { line: 2, column: 14 });
  });

  it('agrees with JSON.parse on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v, null, 1);
        const r = readJson(text);
        assert.ok(r.ok);
        assert.deepStrictEqual(toValue(r.root), JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  const bad: Array<[string, RegExp, number]> = [
    ['{"a": 1,}', /trailing comma/, 7],
    ['{"a" 1}', /Expected ":"/, 5],
    ['[1 2]', /Expected "," or "]"/, 3],
    ['{"a": "x\n"}', /line break/, 8],
    ['{} x', /after the end/, 3],
    ['// c\n{}', /Comments/, 0],
    ['', /Expected a value, found the end/, 0],
    ['{"a": tru}', /Expected a value/, 6],
    ['"abc', /not closed/, 0],
  ];
  for (const [text, message, offset] of bad) {
    it(`refuses ${JSON.stringify(text)} at offset ${offset}`, () => {
      const r = readJson(text);
      assert.ok(!r.ok);
      assert.match(r.error.message, message);
      assert.strictEqual(r.error.offset, offset);
    });
  }

  it('keeps "__proto__" a plain key', () => {
    const r = readJson('{"__proto__": {"x": 1}}');
    assert.ok(r.ok);
    const v = toValue(r.root) as Record<string, unknown>;
    assert.strictEqual(Object.getPrototypeOf(v), Object.prototype);
    assert.deepStrictEqual(Object.keys(v), ['__proto__']);
  });
});
