import { deepStrictEqual, strictEqual } from 'assert';
import * as fc from 'fast-check';
import { FileContent, sameContentKey } from '../../../../src/core/text/file-content';
import { encodeText } from '../../../../src/core/text/text';

describe('core/file-content: bytes decoded on first use', () => {
  it('hashes the same before and after decoding for any valid UTF-8 (a BOM included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.boolean(), (s, bom) => {
        const bytes = encodeText((bom ? '\ufeff' : '') + s);
        const undecoded = FileContent.of(bytes).sha256();
        const decoded = FileContent.of(bytes);
        strictEqual(decoded.text, (bom ? '\ufeff' : '') + s);
        strictEqual(decoded.sha256(), undecoded);
      }),
    );
  });

  it('keeps a key that tells the same content from another: the text once decoded, else the hash', () => {
    const a = () => FileContent.of(encodeText('## One\n'));
    const b = () => FileContent.of(encodeText('## Two\n'));
    const decoded = (c: FileContent) => (c.text, c);
    deepStrictEqual(decoded(a()).key(), { text: '## One\n' });
    strictEqual('sha256' in a().key(), true);
    for (const key of [a().key(), decoded(a()).key()]) {
      strictEqual(a().matches(key), true);
      strictEqual(decoded(a()).matches(key), true);
      strictEqual(b().matches(key), false);
      strictEqual(sameContentKey(key, key), true);
    }
    strictEqual(a().matches(null), false);
    strictEqual(sameContentKey(a().key(), b().key()), false);
    strictEqual(sameContentKey(decoded(a()).key(), a().key()), false, 'kept differently: counted as a change (parsed again), never as the same');
    strictEqual(sameContentKey(null, null), true);
    strictEqual(sameContentKey(a().key(), null), false);
  });

  it('never takes bytes that are not UTF-8 for the text they decode to, until decoded (then the text is what is parsed)', () => {
    const invalid = () => FileContent.of(Uint8Array.from([0x23, 0xff, 0x0a]));
    const lossy = FileContent.of(encodeText(invalid().text));
    strictEqual(invalid().sha256() === lossy.sha256(), false);
    const decoded = invalid();
    strictEqual(decoded.text, '#\ufffd\n');
    strictEqual(decoded.sha256(), lossy.sha256());
  });
});
