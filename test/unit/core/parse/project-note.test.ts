import { deepStrictEqual, strictEqual } from 'assert';
import { parseProjectNote } from '../../../../src/core/parse/project-note';

describe('read: project notes', () => {
  it('reads the protocol example', () => {
    deepStrictEqual(
      parseProjectNote('---\ntype: project\ncreated: 2026-03-28\nstatus: active\n---\n## Next Action\n- Implement webhook handler for failed payments\n\n## Notes\n- Agent: billing-dev at ~/Projects/billing-service\n- Stack: Python, FastAPI, PostgreSQL\n', 'projects/billing-service.md', 'billing-service'),
      {
        project: {
          slug: 'billing-service',
          path: 'projects/billing-service.md',
          type: 'project',
          status: 'active',
          created: '2026-03-28',
          nextAction: 'Implement webhook handler for failed payments',
          notes: '- Agent: billing-dev at ~/Projects/billing-service\n- Stack: Python, FastAPI, PostgreSQL',
        },
        diagnostics: [],
      },
    );
  });

  it('Next Action: the first item of a list, else the first paragraph; empty is null', () => {
    const next = (body: string) => parseProjectNote(`---\ntype: project\n---\n## Next Action\n${body}`, 'projects/p.md', 'p').project.nextAction;
    strictEqual(next('\n  - [ ] Write the spec\n- second\n'), 'Write the spec');
    strictEqual(next('Decide.\nThen build.\n\n- later\n'), 'Decide. Then build.');
    strictEqual(next('```\ncode\n```\n1. Numbered\n'), 'Numbered');
    strictEqual(next('\n\n'), null);
    strictEqual(parseProjectNote('no sections\n', 'projects/p.md', 'p').project.nextAction, null);
  });

  it('a broken frontmatter leaves its fields empty and says where', () => {
    const r = parseProjectNote('---\ntype: project\nstatus: [\n---\n## Next Action\n- go\n', 'projects/p.md', 'p');
    deepStrictEqual([r.project.type, r.project.status, r.project.nextAction, r.diagnostics.map((d) => d.severity)], [null, null, 'go', ['error']]);
  });
});
