import * as assert from 'assert';
import { OptionSpecs, UsageError, parseOptions } from '../../../src/cli/args';

const SPECS: OptionSpecs = {
  agent: { kind: 'string', required: true, value: 'SLUG', help: 'the agent' },
  tag: { kind: 'list', value: 'TAG', help: 'a tag' },
  json: { kind: 'flag', help: 'as JSON' },
};

function refuses(args: string[], message: RegExp, positionals = 0): void {
  assert.throws(() => parseOptions(args, SPECS, positionals), (e: Error) => e instanceof UsageError && message.test(e.message));
}

describe('CLI option parser', () => {
  it('reads --name value, --name=value, flags, repeated lists and positionals', () => {
    const p = parseOptions(['one', '--agent', 'ada', '--tag=a', '--json', '--tag', 'b'], SPECS, 1);
    assert.deepStrictEqual([...p.strings], [['agent', 'ada']]);
    assert.deepStrictEqual([...p.flags], ['json']);
    assert.deepStrictEqual(p.lists.get('tag'), ['a', 'b']);
    assert.deepStrictEqual(p.positionals, ['one']);
    assert.strictEqual(p.help, false);
  });

  it('takes values that start with a dash, and an empty value after "="', () => {
    assert.strictEqual(parseOptions(['--agent', '-5'], SPECS).strings.get('agent'), '-5');
    assert.strictEqual(parseOptions(['--agent', '--unknown'], SPECS).strings.get('agent'), '--unknown');
    assert.strictEqual(parseOptions(['--agent='], SPECS).strings.get('agent'), '');
  });

  it('reads -h and --help anywhere, and then asks for nothing', () => {
    assert.strictEqual(parseOptions(['-h'], SPECS).help, true);
    assert.strictEqual(parseOptions(['--json', '--help'], SPECS).help, true);
  });

  it('treats a single-dash word as an argument, not an option', () => {
    assert.deepStrictEqual(parseOptions(['-5', '--agent', 'ada'], SPECS, 1).positionals, ['-5']);
    refuses(['-abc', '--agent', 'ada'], /^unexpected argument "-abc"$/);
  });

  const refusals: Array<[string[], RegExp]> = [
    [['--agent', 'ada', '--colour', 'red'], /^unknown option --colour$/],
    [['--agent', 'ada', '--colour=red'], /^unknown option --colour$/],
    [['--agent'], /^--agent needs a value \(SLUG\)$/],
    [['--agent', '--json'], /^--agent needs a value \(SLUG\)$/],
    [['--agent', '--tag=x'], /^--agent needs a value \(SLUG\)$/],
    [['--agent', '--help'], /^--agent needs a value \(SLUG\)$/],
    [['--agent', 'ada', '--json=yes'], /^--json takes no value$/],
    [['--agent', 'ada', '--agent', 'bob'], /^--agent is given more than once$/],
    [['--json'], /^--agent is required$/],
    [['--agent', 'ada', 'stray'], /^unexpected argument "stray"$/],
    [['--agent', 'ada', '--', 'x'], /^unexpected argument "--"$/],
    [['--agent', 'ada', 'x'.repeat(70)], /^unexpected argument "x{60}…"$/],
  ];
  for (const [args, message] of refusals) {
    it(`refuses ${args.join(' ').slice(0, 40)}`, () => refuses(args, message));
  }

  it('refuses the first problem in argument order', () => {
    refuses(['--colour', 'x', '--agent'], /^unknown option --colour$/);
  });
});
