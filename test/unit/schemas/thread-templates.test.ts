import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { validate } from './mini-schema';
import { exampleTeamDir } from '../../harness/paths';

const repo = path.join(__dirname, '../../../..');
const schema = JSON.parse(readFileSync(path.join(repo, 'schemas/thread-templates.schema.json'), 'utf8')) as Record<string, unknown>;
const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  contributes: { jsonValidation?: Array<{ fileMatch: string | string[]; url: string }> };
};

/** The seed document's own examples, put together as one file. */
const SEED = {
  agents: {
    planner: {
      description: 'Plans the research approach',
      profile: 'claude-sonnet',
      persistSession: false,
      directive: 'You are a research planner. Break down problems into testable hypotheses.',
      promptTemplate: 'file:planner-prompt.md',
      pluginDirs: ['plugins/cortex-common', 'plugins/cortex-surveyor'],
      tools: 'Agent,AskUserQuestion,Bash,Read,Grep,Glob,Write,Edit,WebSearch,WebFetch,Skill',
    },
    coder: {
      profile: 'claude-sonnet',
      persistSession: true,
      pluginDirs: ['plugins/cortex-coder'],
      stages: {
        implement: { promptTemplate: 'You are implementing the plan. Write code to {{artifactPath}}.', description: 'Write the implementation' },
        review: { promptTemplate: 'You are reviewing the code in {{artifactPath}}. Check for correctness.', continuesSession: true, description: 'Review the implementation' },
      },
      entryStage: 'implement',
    },
    reviewer: { profile: '__active__' },
  },
  templates: {
    'coder-review': {
      description: 'Implement a feature then review it',
      agents: ['planner', { ref: 'coder', promptTemplate: 'file:special-coder-prompt.md', tools: 'Read,Write,Edit' }, 'reviewer'],
      transitions: [
        { from: 'planner', to: 'coder:implement', condition: { type: 'always' } },
        { from: 'coder:implement', to: 'coder:review', condition: { type: 'convergence', marker: '[IMPLEMENTATION COMPLETE]', maxIterations: 5 } },
        { from: 'coder:review', to: 'reviewer', condition: { type: 'always' } },
      ],
      entryAgent: 'planner',
      maxTotalSteps: 10,
      maxTotalCostUsd: 5.0,
      hooks: { onEnd: { command: 'node hooks/post-task-hook.mjs', args: ['--project', 'flywheel'], timeout: 30000 } },
    },
  },
};

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

describe('threads: JSON schema for thread-templates.json', () => {
  it('is contributed for **/thread-templates.json', () => {
    assert.deepStrictEqual(manifest.contributes.jsonValidation?.find((j) => j.url.includes('thread-templates')), {
      fileMatch: '**/thread-templates.json',
      url: './schemas/thread-templates.schema.json',
    });
  });

  it('accepts the seed\'s examples and the example team\'s file', () => {
    assert.deepStrictEqual(validate(schema, SEED), []);
    const example = JSON.parse(readFileSync(path.join(exampleTeamDir, '.cortex/config/thread-templates.json'), 'utf8'));
    assert.deepStrictEqual(validate(schema, example), []);
  });

  const bad: Array<[string, (s: typeof SEED) => void, RegExp]> = [
    ['no agents', (s) => delete (s as Partial<typeof SEED>).agents, /\$: missing agents/],
    ['an unknown condition type', (s) => ((s.templates['coder-review'].transitions[0].condition as { type: string }).type = 'sometimes'), /condition\.type: should be one of always/],
    ['a convergence without a marker', (s) => delete (s.templates['coder-review'].transitions[1].condition as { marker?: string }).marker, /condition: missing marker/],
    ['output_contains without a pattern', (s) => ((s.templates['coder-review'].transitions[0].condition as { type: string }).type = 'output_contains'), /condition: missing pattern/],
    ['a template without entryAgent', (s) => delete (s.templates['coder-review'] as { entryAgent?: string }).entryAgent, /missing entryAgent/],
    ['maxTotalSteps as text', (s) => ((s.templates['coder-review'] as { maxTotalSteps: unknown }).maxTotalSteps = '10'), /maxTotalSteps: should be integer/],
    ['a transition without to', (s) => delete (s.templates['coder-review'].transitions[0] as { to?: string }).to, /transitions\[0\]: missing to/],
    ['an endpoint with two colons', (s) => (s.templates['coder-review'].transitions[0].to = 'coder:a:b'), /to: does not match/],
    ['an override field that does not exist', (s) => ((s.templates['coder-review'].agents[1] as Record<string, unknown>).colour = 'red'), /should match exactly one alternative/],
    ['persistSession as text', (s) => ((s.agents.planner as Record<string, unknown>).persistSession = 'no'), /persistSession: should be boolean/],
    ['a hook without command', (s) => delete (s.templates['coder-review'].hooks.onEnd as { command?: string }).command, /onEnd: missing command/],
  ];
  for (const [what, change, error] of bad) {
    it(`rejects ${what}`, () => {
      const doc = clone(SEED);
      change(doc);
      const errors = validate(schema, doc);
      assert.ok(errors.some((e) => error.test(e)), errors.join('\n') || 'no errors');
    });
  }

  it('describes every property (hovers) and names the condition types', () => {
    const missing: string[] = [];
    const walk = (s: unknown, at: string) => {
      if (typeof s !== 'object' || s === null) return;
      const o = s as Record<string, unknown>;
      if (o.properties) for (const [k, v] of Object.entries(o.properties as object)) {
        const p = v as Record<string, unknown>;
        if (typeof p.description !== 'string' && !(typeof p.$ref === 'string')) missing.push(`${at}.${k}`);
        walk(v, `${at}.${k}`);
      }
      for (const key of ['definitions', 'oneOf', 'items', 'additionalProperties']) if (o[key]) for (const [k, v] of Object.entries(o[key] as object)) walk(v, `${at}/${k}`);
    };
    walk(schema, '$');
    assert.deepStrictEqual(missing, []);
    const condition = (schema.definitions as Record<string, { properties: { type: { enum: string[] } } }>).condition;
    assert.deepStrictEqual(condition.properties.type.enum, ['always', 'convergence', 'output_contains', 'output_not_contains']);
  });
});
