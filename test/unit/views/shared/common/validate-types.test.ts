// A webview message is declared once: its TypeScript type is what its runtime check
// accepts (`Infer`), or, where the type is the core's, the check is annotated
// `Check<T>`, which compares the two both ways. The `@ts-expect-error` lines are the
// proof: each is a field in the type and not the check (or the reverse), and
// `tsc -p tsconfig.test.json` fails if any of them compiles. The `it`s check that the
// runtime side refuses the same values.
import * as assert from 'node:assert/strict';
import { Check, Infer, MessageOf, arrayOf, before, bool, byKind, checkMessage, int, nullable, object, oneOf, str } from '../../../../../src/views/shared/common/validate';
import { TeamViewState, WebviewMessage, checkTeamViewState } from '../../../../../src/views/team/common/messages';
import { ChangeSummary } from '../../../../../src/views/board/common/messages';

/** True only when A and B are the same type (not merely assignable). */
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

const row = object({ name: str, count: nullable(int), kind: oneOf(['a', 'b']), tags: arrayOf(str) });
type Row = Infer<typeof row>;

// The inferred type is exactly the declared shape: read-only fields, literal unions, read-only lists.
const rowIsExact: Same<Row, { readonly name: string; readonly count: number | null; readonly kind: 'a' | 'b'; readonly tags: readonly string[] }> = true;

const fine: Row = { name: 'x', count: null, kind: 'a', tags: [] };
// @ts-expect-error a field the check requires is missing
const lacksCount: Row = { name: 'x', kind: 'a', tags: [] };
// @ts-expect-error a field the check does not declare
const extraField: Row = { name: 'x', count: 1, kind: 'a', tags: [], extra: true };
// @ts-expect-error a value outside oneOf's list
const wrongKind: Row = { name: 'x', count: 1, kind: 'c', tags: [] };

/** A type declared apart from its check (as the core's types are): the annotation holds them together. */
interface Declared {
  readonly name: string;
  readonly count: number | null;
}
const declared: Check<Declared> = object({ name: str, count: nullable(int) });
// @ts-expect-error the type has `count`, the check does not
const checkLacksField: Check<Declared> = object({ name: str });
// @ts-expect-error the check has `done`, the type does not
const checkHasExtraField: Check<Declared> = object({ name: str, count: nullable(int), done: bool });
// @ts-expect-error the check accepts a string where the type says number
const checkWrongField: Check<Declared> = object({ name: str, count: nullable(str) });

// The real protocols: a Team view state is its check's type, so a field on one side only cannot be written.
// (A function, never called: it is only compiled.)
function stateTypes(state: TeamViewState): readonly unknown[] {
  // @ts-expect-error a field the state's check does not declare
  const withExtra: TeamViewState = { ...state, extra: 1 };
  const { needsYou: _dropped, ...withoutNeedsYou } = state;
  // @ts-expect-error a field the state's check requires is missing
  const lacking: TeamViewState = withoutNeedsYou;
  return [withExtra, lacking];
}

// Messages are a union told apart by `type`, each with only its own fields.
const open: WebviewMessage = { type: 'openAgent', agent: 'ada' };
// @ts-expect-error `openAgent` carries an agent, not a task index
const openWithTask: WebviewMessage = { type: 'openAgent', agent: 'ada', task: 1 };
// @ts-expect-error no such message
const unknownMessage: WebviewMessage = { type: 'deleteEverything' };

// The board's change summary is the core's type, its check annotated with it: a kind is its own shape.
const summary: ChangeSummary = { kind: 'unavailable', reason: 'git is missing' };
// @ts-expect-error `none` has no reason
const noneWithReason: ChangeSummary = { kind: 'none', reason: 'x' };

const typeLevel = [rowIsExact, fine, lacksCount, extraField, wrongKind, declared, checkLacksField, checkHasExtraField, checkWrongField, stateTypes, open, openWithTask, unknownMessage, summary, noneWithReason];

describe('Webview messages declared once: the type is what the check accepts', () => {
  it('the values the compiler refuses are the values the checks refuse', () => {
    assert.equal(typeLevel.length, 15);
    assert.equal(row(fine, 'row'), null);
    assert.equal(row({ name: 'x', kind: 'a', tags: [] }, 'row'), 'row.count should be a whole number ≥ 0');
    assert.equal(row({ ...fine, extra: true }, 'row'), 'row has an unexpected field "extra"');
    assert.equal(row({ ...fine, kind: 'c' }, 'row'), 'row.kind should be one of a, b');
    assert.equal(declared({ name: 'x', count: 2 }, 'd'), null);
    assert.equal(declared({ name: 'x', count: 2, done: true }, 'd'), 'd has an unexpected field "done"');
    assert.equal(checkTeamViewState(null), 'state should be an object');
  });

  it('byKind, before and checkMessage keep their refusals', () => {
    const shapes = byKind({ a: object({ kind: oneOf(['a']), n: int }), b: object({ kind: oneOf(['b']) }) });
    assert.equal(shapes({ kind: 'a', n: 1 }, 'x'), null);
    assert.equal(shapes({ kind: 'c' }, 'x'), 'x.kind should be one of a, b');
    assert.equal(shapes({ kind: 'b', n: 1 }, 'x'), 'x has an unexpected field "n"');
    const short = before((v, at) => (Array.isArray(v) && v.length > 2 ? `${at} is too long` : null), arrayOf(int));
    assert.equal(short([1, 2, 3], 'l'), 'l is too long');
    assert.equal(short([1, -1], 'l'), 'l[1] should be a whole number ≥ 0');
    const table = { ping: object({ type: oneOf(['ping']), n: int }) };
    const ping: MessageOf<typeof table> = { type: 'ping', n: 1 };
    assert.deepEqual(checkMessage(ping, table), { ok: true, value: ping });
    assert.deepEqual(checkMessage({ type: 'pong' }, table), { ok: false, error: 'unknown message type "pong"' });
    assert.deepEqual(checkMessage([], table), { ok: false, error: 'the message is not an object' });
    assert.deepEqual(checkMessage({}, table), { ok: false, error: 'the message has no type' });
  });
});
