import * as assert from 'node:assert/strict';
import { readPromptFile, resolvePrompt, unknownEngineVariables } from '../../../../src/core/threads/prompt-templates';

const BASE = [
  'You work on one step of a thread. The artifact is {{artifactPath}}.',
  '@block(context)',
  'No context given.',
  '@endblock',
  '@block(task)',
  'Do what the request says: ${input}',
  '@endblock',
  '@if(previousOutput)',
  'The last step said: {{previousOutput}}',
  '@endif',
  '',
].join('\n');

const CHILD = ['---', 'extends: base-step.md', '---', '@fill(task)', 'Implement the plan. Files changed: {{modifiedFiles}}', '@endfill', ''].join('\n');

describe('threads: prompt templates (YAML frontmatter, extends, @fill)', () => {
  it('reads a file: extends, fills, blocks, variables, conditionals', () => {
    const child = readPromptFile(CHILD);
    assert.equal(child.extends, 'base-step.md');
    assert.deepEqual(child.fills, [{ name: 'task', text: 'Implement the plan. Files changed: {{modifiedFiles}}' }]);
    const base = readPromptFile(BASE);
    assert.deepEqual(base.blocks.map((b) => b.name), ['context', 'task']);
    assert.deepEqual(base.variables, ['artifactPath', 'input', 'previousOutput']);
    assert.deepEqual(base.conditionals, ['previousOutput']);
    assert.equal(readPromptFile('plain text {{input}}').extends, null);
  });

  it('puts a file together with what it extends: blocks filled by the child, defaults kept', async () => {
    const files: Record<string, string> = { 'coder.md': CHILD, 'base-step.md': BASE };
    const r = await resolvePrompt('coder.md', async (n) => files[n]);
    assert.ok(r);
    assert.deepEqual(r.chain, ['coder.md', 'base-step.md']);
    assert.equal(
      r.text,
      'You work on one step of a thread. The artifact is {{artifactPath}}.\nNo context given.\nImplement the plan. Files changed: {{modifiedFiles}}\n@if(previousOutput)\nThe last step said: {{previousOutput}}\n@endif\n',
    );
    assert.deepEqual(r.variables, ['artifactPath', 'modifiedFiles', 'previousOutput']);
    assert.deepEqual(r.problems, []);
  });

  it('says what is wrong: a missing parent, a loop, a fill with no block; a missing file is null', async () => {
    const missing = await resolvePrompt('coder.md', async (n) => (n === 'coder.md' ? CHILD : undefined));
    assert.deepEqual(missing?.problems, ['coder.md extends base-step.md, which does not exist']);
    const loop = await resolvePrompt('a.md', async (n) => `---\nextends: ${n === 'a.md' ? 'b.md' : 'a.md'}\n---\nx\n`);
    assert.match(loop!.problems[0], /a\.md extends itself through a\.md → b\.md/);
    const stray = await resolvePrompt('c.md', async (n) => (n === 'c.md' ? '---\nextends: base-step.md\n---\n@fill(nowhere)\nx\n@endfill\n' : BASE));
    assert.deepEqual(stray!.problems, ['@fill(nowhere) has no @block(nowhere) to go into']);
    assert.equal(await resolvePrompt('none.md', async () => undefined), null);
  });

  it('flags a {{var}} the engine does not fill (seed 002 names six); ${var} belongs to the template format and is not flagged', async () => {
    assert.deepEqual(unknownEngineVariables('{{input}} {{artifactPath}} {{previousOutput}} {{modifiedFiles}} {{modifiedFilesWithDiff}} {{currentDateTime}} ${topic}'), []);
    assert.deepEqual(unknownEngineVariables('Study {{topic}} in {{artifactPath}}; then {{topic}} and {{previous_output}}'), ['topic', 'previous_output']);
    const r = await resolvePrompt('p.md', async (n) => (n === 'p.md' ? '---\nextends: base-step.md\n---\n@fill(context)\nThe user is {{userName}}.\n@endfill\n' : BASE));
    assert.equal(r!.problems.length, 1);
    assert.match(r!.problems[0], /^\{\{userName\}\} is not a variable the engine fills \(it knows \{\{input\}\}, .*\{\{currentDateTime\}\}\); the agent gets it as written$/);
  });
});
