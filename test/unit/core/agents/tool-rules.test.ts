import * as assert from 'node:assert/strict';
import { effectiveToolRules, readToolRules, spawnToolsAllowedAtLevel3, toolAllowed, toolRulesText } from '../../../../src/core/agents/tool-rules';
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

  it('level 3 (a level-2 agent\'s child): spawn_agent and aider_run denied whatever the note says; levels 1 and 2 as written', () => {
    assert.deepEqual(effectiveToolRules(undefined, 3), { allow: null, deny: ['spawn_agent', 'aider_run'] }, 'no rules of its own');
    assert.deepEqual(effectiveToolRules({ allow: ['Read'], deny: ['Bash', 'aider_run'] }, 3), { allow: ['Read'], deny: ['Bash', 'aider_run', 'spawn_agent'] });
    assert.equal(toolAllowed(effectiveToolRules({ allow: ['spawn_agent', 'Read'], deny: [] }, 3), 'spawn_agent'), false);
    assert.equal(toolRulesText(effectiveToolRules(undefined, 3)), 'never spawn_agent, aider_run');
    const rules = { allow: ['spawn_agent'], deny: [] };
    assert.equal(effectiveToolRules(rules, 2), rules);
    assert.equal(effectiveToolRules(undefined, 1), undefined);
    assert.equal(effectiveToolRules(undefined, null), undefined);
  });

  it('flags a level-3 note whose allow list names a spawn tool, on the allow_tools line; not at level 2, nor when it denies it too', () => {
    assert.deepEqual(spawnToolsAllowedAtLevel3({ allow: ['Read', 'aider_run', 'spawn_agent'], deny: [] }, 3), ['spawn_agent', 'aider_run']);
    assert.deepEqual(spawnToolsAllowedAtLevel3({ allow: ['spawn_agent'], deny: ['spawn_agent'] }, 3), []);
    assert.deepEqual(spawnToolsAllowedAtLevel3({ allow: null, deny: [] }, 3), [], 'no allow list: nothing named');
    assert.deepEqual(spawnToolsAllowedAtLevel3({ allow: ['spawn_agent'], deny: [] }, 2), []);
    const note = parseAgentNote('---\nname: QA\nparent: dev\nlevel: 3\nallow_tools: [Read, spawn_agent]\n---\n## Role\nChecks.\n', 'agents/qa/qa.md', 'qa');
    assert.deepEqual(note.diagnostics.map((d) => [d.line, d.severity]), [[5, 'warning']]);
    assert.match(note.diagnostics[0].message, /"allow_tools" names spawn_agent, but this is a level-3 agent: .* so its runtime will not give it\./);
    assert.deepEqual(parseAgentNote('---\nname: Dev\nlevel: 2\nallow_tools: [Read, spawn_agent]\n---\n', 'agents/dev/dev.md', 'dev').diagnostics, []);
  });
});
