import { strictEqual } from 'assert';
import { escapeHidden, hasHidden } from '../../../src/base/hidden-chars';
import { visible } from '../../../src/core/text/input-rules';
import { neutralise } from '../../../webview/shared/neutralise';

describe('base/hidden-chars: one escape for the host and the pages', () => {
  it('escapes controls, bidi overrides and isolates, the direction marks and the separators, in upper-case hex', () => {
    strictEqual(escapeHidden('a\u0007b\u001B[c\u0085d\u202Ee\u2067f\u200Eg\u200Fh\u061Ci\u2028j'), 'a\\u0007b\\u001B[c\\u0085d\\u202Ee\\u2067f\\u200Eg\\u200Fh\\u061Ci\\u2028j');
    strictEqual(hasHidden('Zoë 🚀 مرحبا'), false);
    strictEqual(hasHidden('x\u200F'), true);
  });

  it('keeps tabs, LF and CRLF only when asked; a lone CR is always escaped', () => {
    strictEqual(escapeHidden('a\tb\nc\r\nd\re'), 'a\\u0009b\\u000Ac\\u000D\\u000Ad\\u000De');
    strictEqual(escapeHidden('a\tb\nc\r\nd\re', true), 'a\tb\nc\r\nd\\u000De');
  });

  it("the core's visible() and the pages' neutralise() say the same (the direction marks included)", () => {
    const text = 'Invoice \u202Efdp.exe\u202C \u200Fdone\u061C\n\tnext \u001B[31m';
    strictEqual(visible(text, 0, true), neutralise(text));
    strictEqual(visible('\u200Ename'), '\\u200Ename');
  });
});
