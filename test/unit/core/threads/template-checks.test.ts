import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { PromptFiles, TemplateFinding, checkThreadTemplates } from '../../../../src/core/threads/template-checks';
import { exampleTeamDir } from '../../../harness/paths';

const fixtures = path.join(__dirname, '../../../../../test/fixtures/threads');
const exampleConfig = path.join(exampleTeamDir, '.cortex/config');

const NO_PROMPTS: PromptFiles = { directives: new Set(), promptTemplates: new Set(), systemPrompts: new Set() };

/** "line:col message" (1-based, as an editor shows them) with the text underlined. */
function summary(text: string, findings: readonly TemplateFinding[]): string[] {
  return findings.map((f) => `${f.line + 1}:${f.column + 1} ${f.severity} ${text.slice(f.offset, f.offset + f.length)} — ${f.message}`);
}

describe('threads: template checks', () => {
  it('the example templates have no findings (their prompt files exist)', () => {
    const text = readFileSync(path.join(exampleConfig, 'thread-templates.json'), 'utf8');
    const prompts: PromptFiles = {
      directives: new Set(['planner.md', 'critic.md']),
      promptTemplates: new Set(['planner-prompt.md', 'coder-implement.md']),
      systemPrompts: new Set(['reviewer.md']),
    };
    const r = checkThreadTemplates(text, prompts);
    assert.deepStrictEqual(summary(text, r.findings), []);
    assert.deepStrictEqual(r.config?.templates.map((t) => t.name), ['coder-review', 'research-critique']);
  });

  it('names unknown agents and stages, a missing marker, bad regex, unknown types, unreachable agents, missing prompt files, each where it is written', () => {
    const text = readFileSync(path.join(fixtures, 'unknown-names.json'), 'utf8');
    const lines = summary(text, checkThreadTemplates(text, NO_PROMPTS).findings);
    const expect = (re: RegExp) => assert.ok(lines.some((l) => re.test(l)), `expected ${re} in:\n${lines.join('\n')}`);
    expect(/^3:59 error "file:missing-directive\.md" — Prompt file not found: prompts\/directives\/missing-directive\.md/);
    expect(/^13:38 error "ghost" — Unknown agent "ghost"/);
    expect(/^15:36 error "coder:implment" — Unknown stage "implment" of agent "coder" \(its stages: implement, review\)/);
    expect(/^16:44 error "reviewer" — Transition to unknown agent "reviewer"/);
    expect(/^16:69 error .* — A convergence needs a "marker"/);
    expect(/^17:98 error "\(\[unclosed" — Invalid regular expression in "pattern"/);
    expect(/^18:58 error .* — Unknown condition type "sometimes"/);
    expect(/^21:21 error "draft" — Unknown entryStage "draft"/);
    expect(/^13:47 warning "orphan" — Agent "orphan" is never reached/);
    expect(/^24:5 error "no-entry" — Template "no-entry" has no "entryAgent"/);
    assert.ok(!lines.some((l) => /"planner" — Agent "planner" is never reached/.test(l)), 'the entry agent is reached');
  });

  it('skips the prompt-file check when the prompt folders are not known', () => {
    const text = readFileSync(path.join(fixtures, 'unknown-names.json'), 'utf8');
    assert.ok(!checkThreadTemplates(text, null).findings.some((f) => /Prompt file/.test(f.message)));
  });

  it('invalid JSON is one clear error at the place it breaks', () => {
    const text = readFileSync(path.join(fixtures, 'trailing-comma.json'), 'utf8');
    const r = checkThreadTemplates(text, NO_PROMPTS);
    assert.strictEqual(r.config, null);
    assert.deepStrictEqual(summary(text, r.findings), ['3:32 error , — Invalid JSON: A trailing comma before "}" is not allowed in JSON. The thread server cannot load this file.']);
  });

  it('a file that is not an object, or lacks agents', () => {
    assert.match(checkThreadTemplates('[]', null).findings[0].message, /one object/);
    const r = checkThreadTemplates('{"templates": {}}', null);
    assert.deepStrictEqual(r.findings.map((f) => f.message), ['Missing "agents": the agent definitions the templates use.']);
  });

  it('an agent\'s entryStage must be one of its stages', () => {
    const text = '{"agents": {"c": {"stages": {"a": {}}, "entryStage": "b"}}, "templates": {}}';
    assert.match(checkThreadTemplates(text, null).findings[0].message, /Agent "c" has no stage "b"/);
  });

  it('a {{var}} the engine does not fill, in a promptTemplate written inline (an agent, a stage, a template\'s override), is a warning there', () => {
    const text = JSON.stringify({
      agents: {
        a: { promptTemplate: 'Read {{artifactPath}} about {{topic}}' },
        c: { stages: { s: { promptTemplate: 'Review {{input}} and {{diff}}' } }, entryStage: 's' },
      },
      templates: { t: { agents: ['a', { ref: 'c', promptTemplate: 'Fix {{bug}}', directive: 'file:d.md' }], entryAgent: 'a', transitions: [{ from: 'a', to: 'c', condition: { type: 'always' } }] } },
    });
    const lines = summary(text, checkThreadTemplates(text, null).findings);
    assert.deepStrictEqual(lines.map((l) => l.replace(/ \(it knows .*$/, '')), [
      '1:34 warning "Read {{artifactPath}} about {{topic}}" — In this promptTemplate: {{topic}} is not a variable the engine fills',
      '1:112 warning "Review {{input}} and {{diff}}" — In this promptTemplate: {{diff}} is not a variable the engine fills',
      '1:225 warning "Fix {{bug}}" — In this promptTemplate: {{bug}} is not a variable the engine fills',
    ]);
  });

  it("reads a template's agent references with overrides and its hooks (command, args, timeout); a hook without a command is an error", () => {
    const text = JSON.stringify({
      agents: { planner: {}, coder: {} },
      templates: {
        t: {
          agents: ['planner', { ref: 'coder', promptTemplate: 'file:special.md', tools: 'Read,Write', persistSession: true, pluginDirs: ['plugins/a', 'plugins/b'], unknownField: 1 }],
          entryAgent: 'planner',
          transitions: [{ from: 'planner', to: 'coder', condition: { type: 'always' } }],
          hooks: { onEnd: { command: 'node hooks/post.mjs', args: ['--project', 'flywheel'], timeout: 5000 }, onStart: { command: 'bash start.sh' }, onTransition: { args: ['x'] } },
        },
      },
    });
    const r = checkThreadTemplates(text, null);
    const t = r.config!.templates[0];
    assert.deepStrictEqual(t.agents.map((a) => [a.ref, a.overrides]), [
      ['planner', []],
      ['coder', [['promptTemplate', 'file:special.md'], ['persistSession', 'true'], ['tools', 'Read,Write'], ['pluginDirs', 'plugins/a, plugins/b']]],
    ]);
    assert.deepStrictEqual(t.hooks.map((h) => [h.point, h.command, h.args, h.timeoutMs]), [
      ['onStart', 'bash start.sh', [], null],
      ['onTransition', null, ['x'], null],
      ['onEnd', 'node hooks/post.mjs', ['--project', 'flywheel'], 5000],
    ]);
    assert.deepStrictEqual(summary(text, r.findings), ['1:463 error "onTransition" — The onTransition hook of template "t" has no "command": there is nothing to run.']);
  });
});

