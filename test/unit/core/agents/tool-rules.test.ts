import * as assert from 'node:assert/strict';
import { readToolRules, toolAllowed, toolRulesText } from '../../../../src/core/agents/tool-rules';
import { parseAgentNote } from '../../../../src/core/parse/agent-note';

describe('agents: tool allow and deny lists (document 003)', () => {
  it('reads allow_tools and deny_tools as YAML lists or one comma-separated line', () => {
    assert.deepEqual(readToolRules({ allow_tools: ['Read', 'Grep', 'Read'], deny_tools: 'Bash, WebFetch' }), { value: { allow: ['Read', 'Grep'], deny: ['Bash', 'WebFetch'] }, problems: [] });
    assert.deepEqual(readToolRules({ deny_tools: ['spawn_agent'] }).value, { allow: null, deny: ['spawn_agent'] });
    assert.deepEqual(readToolRules({ name: 'Ada' }), { problems: [] }, 'neither key: no rules');
    assert.deepEqual(readToolRules({ allow_tools: [] }).value, { allow: [], deny: [] }, 'an empty allow list allows nothing');
  });

  it('says what it leaves out, and that deny wins over allow', () => {
    const r = readToolRules({ allow_tools: ['Read', 3, 'Bash'], deny_tools: ['Bash'] });
    assert.deepEqual(r.value, { allow: ['Read', 'Bash'], deny: ['Bash'] });
    assert.deepEqual(r.problems.map((p) => p.message), ['"allow_tools" lists tool names; 3 is not one and is left out.', '"Bash" is both allowed and denied; denied wins.']);
    assert.equal(toolAllowed(r.value, 'Bash'), false);
    assert.equal(toolAllowed(r.value, 'Read'), true);
    assert.equal(toolAllowed(r.value, 'Edit'), false, 'not on the allow list');
    assert.equal(toolAllowed(undefined, 'Edit'), true, 'no rules: every tool');
  });

  it('in words for the Team view', () => {
    assert.equal(toolRulesText({ allow: ['Read', 'Grep'], deny: ['Bash'] }), 'only Read, Grep · never Bash');
    assert.equal(toolRulesText({ allow: null, deny: ['spawn_agent', 'aider_run'] }), 'never spawn_agent, aider_run');
    assert.equal(toolRulesText({ allow: [], deny: [] }), 'no tools');
    assert.equal(toolRulesText(undefined), null);
  });

  it("comes from the agent note, its problems on the key's line", () => {
    const note = parseAgentNote('---\nname: QA\nstatus: active\nallow_tools: [Read, Grep]\ndeny_tools:\n  - Bash\n  - {x: 1}\n---\n## Role\nChecks.\n', 'agents/qa/qa.md', 'qa');
    assert.deepEqual(note.tools, { allow: ['Read', 'Grep'], deny: ['Bash'] });
    assert.deepEqual(note.diagnostics.map((d) => [d.line, d.severity]), [[5, 'warning']]);
    assert.equal(parseAgentNote('---\nname: Ada\n---\n', 'agents/ada/ada.md', 'ada').tools, undefined);
  });
});
