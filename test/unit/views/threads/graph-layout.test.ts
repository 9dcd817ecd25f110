import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { templateGraph } from '../../../../src/core/threads/graph';
import { layoutGraph } from '../../../../src/views/threads/graph-layout';
import { AgentDef, readThreadTemplates } from '../../../../src/core/threads/templates';
import { exampleTeamDir } from '../../../harness/paths';

function load(text: string) {
  const r = readThreadTemplates(text);
  assert.ok(r.ok);
  const agents = new Map<string, AgentDef>(r.config.agents.map((a) => [a.name, a]));
  return { config: r.config, agents };
}

const example = load(readFileSync(path.join(exampleTeamDir, '.cortex/config/thread-templates.json'), 'utf8'));

describe('threads: template graph', () => {
  it('the seed\'s coder-review: nodes per agent and stage, labelled edges, the convergence loop', () => {
    const g = templateGraph(example.config.templates[0], example.agents);
    assert.strictEqual(g.entry, 'planner');
    assert.deepStrictEqual(g.nodes.map((n) => [n.id, n.entry, n.reachable]), [
      ['planner', true, true],
      ['coder:implement', false, true],
      ['coder:review', false, true],
      ['reviewer', false, true],
    ]);
    assert.deepStrictEqual(g.edges.map((e) => `${e.from} → ${e.to}: ${e.label}${e.implied ? ' (implied)' : ''}`), [
      'planner → coder:implement: always',
      'coder:implement → coder:review: convergence([IMPLEMENTATION COMPLETE], max 5)',
      'coder:implement → coder:implement: until [IMPLEMENTATION COMPLETE] (implied)',
      'coder:review → reviewer: always',
    ]);
  });

  it('output_contains / output_not_contains edges carry their pattern; a bare from matches every stage', () => {
    const g = templateGraph(example.config.templates[1], example.agents);
    assert.deepStrictEqual(g.edges.map((e) => e.label), ['always', 'output_contains(/VERDICT:\\s*REVISE/)', 'output_not_contains(/VERDICT:\\s*PASS/)']);
    const t = load('{"agents":{"a":{},"b":{"stages":{"x":{},"y":{}}},"c":{}},"templates":{"t":{"agents":["a","b","c"],"entryAgent":"a","maxTotalSteps":3,"transitions":[{"from":"a","to":"b:y","condition":{"type":"always"}},{"from":"b","to":"c","condition":{"type":"always"}}]}}}');
    const g2 = templateGraph(t.config.templates[0], t.agents);
    assert.ok(g2.nodes.every((n) => n.reachable));
  });

  it('agents listed but never reached show as unreachable nodes', () => {
    const t = load('{"agents":{"a":{},"b":{},"z":{}},"templates":{"t":{"agents":["a","b","z"],"entryAgent":"a","maxTotalSteps":3,"transitions":[{"from":"a","to":"b","condition":{"type":"always"}},{"from":"z","to":"a","condition":{"type":"always"}}]}}}');
    const g = templateGraph(t.config.templates[0], t.agents);
    assert.deepStrictEqual(g.nodes.filter((n) => !n.reachable).map((n) => n.id), ['z']);
  });
});

describe('threads: layered layout', () => {
  it('lays a chain left to right in one row, loops below', () => {
    const l = layoutGraph(templateGraph(example.config.templates[0], example.agents));
    const xs = l.nodes.map((n) => n.x);
    assert.deepStrictEqual([...xs].sort((a, b) => a - b), xs, 'left to right in pipeline order');
    assert.strictEqual(new Set(l.nodes.map((n) => n.y)).size, 1, 'one row');
    assert.deepStrictEqual(l.edges.map((e) => e.shape), ['forward', 'forward', 'self', 'forward']);
    const self = l.edges[2];
    const node = l.nodes[1];
    assert.ok(self.labelY > node.y + node.height, 'the loop label is below its node');
    assert.ok(self.labelY < l.height, 'inside the picture');
  });

  it('a loop back to an earlier node is a back arc, not a new layer', () => {
    const l = layoutGraph(templateGraph(example.config.templates[1], example.agents));
    assert.deepStrictEqual(l.nodes.map((n) => n.layer), [0, 1]);
    assert.deepStrictEqual(l.edges.map((e) => e.shape), ['forward', 'back', 'back']);
  });

  it('any graph: nodes inside the picture, never overlapping, forward edges go right', () => {
    const arb = fc.record({
      n: fc.integer({ min: 1, max: 9 }),
      edges: fc.array(fc.tuple(fc.nat(8), fc.nat(8)), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(arb, ({ n, edges }) => {
        const names = Array.from({ length: n }, (_, i) => `agent${i}`);
        const transitions = edges.map(([a, b]) => ({ from: names[a % n], to: names[b % n], condition: { type: 'always' } }));
        const text = JSON.stringify({
          agents: Object.fromEntries(names.map((x) => [x, {}])),
          templates: { t: { agents: names, entryAgent: names[0], maxTotalSteps: 5, transitions } },
        });
        const { config, agents } = load(text);
        const l = layoutGraph(templateGraph(config.templates[0], agents));
        assert.strictEqual(l.nodes.length, n);
        for (const a of l.nodes) {
          assert.ok(a.x >= 0 && a.y >= 0 && a.x + a.width <= l.width && a.y + a.height <= l.height);
          for (const b of l.nodes) {
            if (a === b) continue;
            const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
            assert.ok(!overlap, `${a.id} overlaps ${b.id}`);
          }
        }
        const at = new Map(l.nodes.map((x) => [x.id, x]));
        for (const e of l.edges) if (e.shape === 'forward') assert.ok(at.get(e.to)!.layer > at.get(e.from)!.layer);
      }),
      { numRuns: 150 },
    );
  });
});
