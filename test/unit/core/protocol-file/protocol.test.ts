import * as assert from 'assert';
import { readFileSync, readdirSync } from 'fs';
import * as path from 'path';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { CORTEX_BEGIN, CORTEX_END } from '../../../../src/core/protocol-file/marked-section';
import {
  PROTOCOL_RUNTIMES,
  PROTOCOL_TEMPLATE_DIR,
  PROTOCOL_TEMPLATE_FILES,
  ProtocolContext,
  ProtocolTemplates,
  describeChange,
  joinNative,
  planProtocolFiles,
  protocolVariant,
  renderClaudeSection,
  renderHookScript,
  renderProtocol,
  shQuote,
} from '../../../../src/core/protocol-file/protocol';
import { PLACEHOLDERS, fillTemplate, placeholdersIn } from '../../../../src/core/protocol-file/render';
import { taskReferencesIn } from '../../../../src/core/review/task-reference';

const ROOT = path.resolve(__dirname, '../../../../..');

/** The texts as shipped in templates/protocol/. */
function loadTemplates(): ProtocolTemplates {
  const read = (name: string) => readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, name), 'utf8');
  return {
    worker: read(PROTOCOL_TEMPLATE_FILES.worker),
    coordinator: read(PROTOCOL_TEMPLATE_FILES.coordinator),
    claudeSection: read(PROTOCOL_TEMPLATE_FILES.claudeSection),
    hookScript: read(PROTOCOL_TEMPLATE_FILES.hookScript),
  };
}

const templates = loadTemplates();

const ctx: ProtocolContext = {
  agentName: 'Billing Dev',
  agentSlug: 'billing-dev',
  teamDir: '/home/ada/cortex-team',
  project: '/home/ada/Projects/billing-service',
  heartbeatMinutes: 15,
  staleAfterMinutes: 30,
  dailyBriefing: '09:00',
  dailyReview: '18:00',
};
const chief: ProtocolContext = { ...ctx, agentName: 'Chief of Staff', agentSlug: 'chief-of-staff' };

const NOTE = '/home/ada/cortex-team/agents/billing-dev/billing-dev.md';
const TASKS = '/home/ada/cortex-team/agents/billing-dev/tasks.md';

function includes(text: string, needle: string): void {
  assert.ok(text.includes(needle), `expected the text to contain ${JSON.stringify(needle)}`);
}

describe('protocol texts (templates/protocol)', () => {
  it('every template file is known and uses only placeholders the core fills', () => {
    const files = readdirSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR)).sort();
    assert.deepStrictEqual(files, Object.values(PROTOCOL_TEMPLATE_FILES).sort());
    for (const [key, text] of Object.entries(templates)) {
      const unknown = placeholdersIn(text).filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
      assert.deepStrictEqual(unknown, [], `${key} uses unknown placeholders`);
    }
  });

  for (const variant of ['worker', 'coordinator'] as const) {
    describe(`${variant}`, () => {
      const c = variant === 'coordinator' ? chief : ctx;
      const text = renderProtocol(templates, variant, c, 'claude-code');
      const slug = c.agentSlug;
      const note = `/home/ada/cortex-team/agents/${slug}/${slug}.md`;
      const tasks = `/home/ada/cortex-team/agents/${slug}/tasks.md`;

      it('leaves no placeholder unfilled', () => {
        assert.doesNotMatch(text, /\{\{|\}\}/);
      });

      it('gives the identity block: name, slug, note, task file, project, team directory', () => {
        includes(text, `- Name: ${c.agentName}`);
        includes(text, `- Slug: \`${slug}\``);
        includes(text, `- Agent note: \`${note}\``);
        includes(text, `- Task file: \`${tasks}\``);
        includes(text, '- Project folder: `/home/ada/Projects/billing-service`');
        includes(text, '- Team directory: `/home/ada/cortex-team`');
        includes(text, 'every 15 minutes');
      });

      it('says how to claim: the first ready task in document order, in-progress with Started', () => {
        includes(text, '**Status:** ready');
        assert.match(text, /first[^.]*from the top[^.]*`\*\*Status:\*\* ready`/s);
        includes(text, '**Status:** in-progress');
        includes(text, '**Started:** YYYY-MM-DDTHH:MM');
      });

      it('says how to complete: done, Completed, a Summary', () => {
        includes(text, '**Status:** done');
        includes(text, '**Completed:** YYYY-MM-DDTHH:MM');
        includes(text, '### Summary');
      });

      it('gives the timestamp form: local time, no seconds, no zone', () => {
        assert.match(text, /`YYYY-MM-DDTHH:MM`: local time, 24-hour clock, no seconds, no\s+time\s+zone/);
      });

      it('forbids reversing a done task', () => {
        assert.match(text, /Never change a `done` task back to `ready` or `in-progress`/);
      });

      it('says to update the Session Log with its entry form', () => {
        includes(text, '## Session Log');
        assert.match(text, /Last session: YYYY-MM-DD/);
        includes(text, 'Status:');
      });

      it('gives the last-tick line, at the end of the task file, on every poll, with idle ticks suppressed', () => {
        includes(text, '<!-- cortex:last-tick YYYY-MM-DDTHH:MM -->');
        assert.match(text, /\*\*last line\*\* of (your|your own) task file/);
        assert.match(text, /exactly one such line/);
        assert.match(text, /idle\s+ticks\s+are\s+suppressed/i);
        assert.match(text, /no line (of|starting with)[^.]*`\*\*Status:\*\* ready` or\s+`\*\*Status:\*\* in-progress`/s);
      });

      it('names the heartbeat prompt by its "Cortex tick:" start only for a worker (the idle hook recognises it)', () => {
        if (variant === 'worker') {
          includes(text, `\`Cortex tick: check ${tasks} for work and continue, following .cortex.md\``);
          includes(text, 'starting with exactly `Cortex tick:`');
        } else {
          assert.match(text, /do not start it with `Cortex tick:`/);
        }
      });

      it('explains the review lines the dashboard writes (Reviewed, Rework of, Unclaimed) and that done stays done', () => {
        assert.match(text, /`\*\*Reviewed:\*\* YYYY-MM-DDTHH:MM\s+accepted` \(or `sent back`\)/);
        includes(text, '`Rework: <title>`');
        includes(text, '`**Rework of:** <title>`');
        includes(text, '**Unclaimed:**');
      });

      it('defines the task reference for commit messages, with the agent\'s slug', () => {
        if (variant === 'worker') {
          includes(text, `Cortex-Task: ${slug}/<title>`);
          assert.match(text, /end the commit message with a\s+line that names the task/);
        } else {
          includes(text, '`Cortex-Task: <slug>/<title>`');
        }
        // The line the texts teach is the one the dashboard reads.
        const line = (variant === 'worker' ? `Cortex-Task: ${slug}/Add Stripe webhook endpoint` : 'Cortex-Task: billing-dev/Add Stripe webhook endpoint');
        assert.deepStrictEqual(taskReferencesIn(`Subject\n\n${line}`), [{ agent: variant === 'worker' ? slug : 'billing-dev', title: 'Add Stripe webhook endpoint' }]);
      });

      it('contains no Cortex marker line', () => {
        for (const line of text.split('\n')) assert.doesNotMatch(line, /^\s*<!--\s*cortex:(begin|end)/);
      });
    });
  }

  describe('coordinator duties', () => {
    const text = renderProtocol(templates, 'coordinator', chief, 'codex');
    it('reads every agent note, task file and project note', () => {
      assert.match(text, /Read every agent note, every task file and every project note/);
    });
    it('judges liveness: stale after two heartbeats; stale + work = likely down, stale + none = idle', () => {
      includes(text, 'A tick older than 30 minutes (two missed heartbeats) is stale');
      assert.match(text, /stale tick and the agent has a `ready` or `in-progress` task: it is \*\*likely down\*\*/);
      assert.match(text, /stale tick and no `ready` or `in-progress` task: it is \*\*idle\*\*/);
    });
    it('dispatches by writing ready tasks at the end of a task file', () => {
      includes(text, '## Dispatching work');
      includes(text, '## <title>\n**Status:** ready\n');
      assert.match(text, /before the last-tick line/);
    });
    it('registers agents with the slug rule, the template and an empty tasks.md', () => {
      includes(text, '## Registering an agent');
      includes(text, '`billing-dev`');
      includes(text, '/home/ada/cortex-team/templates/agent-template.md');
      includes(text, '`Last session: --` and `Status: registered`');
      includes(text, 'Create an empty `/home/ada/cortex-team/agents/<slug>/tasks.md`');
    });
    it('briefs and reviews daily at the configured times', () => {
      includes(text, '## Daily briefing (09:00)');
      includes(text, '## Daily review (18:00)');
      const late = renderProtocol(templates, 'coordinator', { ...chief, dailyBriefing: '07:30', dailyReview: '17:45' }, 'codex');
      includes(late, 'Around 07:30 each day');
      includes(late, 'Around 17:45 each day');
    });
    it('does the housekeeping: done tasks older than 7 days, session logs trimmed', () => {
      includes(text, '## Housekeeping');
      assert.match(text, /delete `done` tasks whose `\*\*Completed:\*\*` time is more than 7\s+days ago/);
      assert.match(text, /trim `## Session Log` to its latest entry/);
    });
    it('describes the Shuttle pattern: one wrapper task, the runner executes, the Cortex tick reports and completes', () => {
      includes(text, '### External task runners (Shuttle)');
      includes(text, '`## Execute Shuttle tasks — report status`');
      assert.match(text, /The runner's own heartbeat does the work/);
      assert.match(text, /When every item in the runner's file is done, the Cortex heartbeat marks the\s+Cortex task `done`/);
      const worker = renderProtocol(templates, 'worker', { ...chief, agentSlug: 'billing-dev', agentName: 'Billing Dev' }, 'codex');
      includes(worker, '## Tasks run by an external runner (Shuttle)');
      assert.match(worker, /Never edit the runner's file for it\./);
      // Progress in the Cortex wrapper task, as the protocol reports it.
      assert.match(text, /reports progress in that\s+one Cortex task: a `\*\*Progress:\*\* <done> of <total> done; now: <item>` line/);
      assert.match(worker, /report its progress in that\s+Cortex task: one line `\*\*Progress:\*\* <done> of <total> done; now: <item>`/);
    });
    it('gives message types, priorities and response times, and escalates overdue P0/P1 messages', () => {
      assert.match(text, /`P0` critical \(respond within 1 h\), `P1` high \(4 h\), `P2` normal \(24 h,/);
      assert.match(text, /An overdue `P0` or `P1` message escalates, once/);
      includes(text, '`cortex-team message escalate`');
    });
    it('names the runtime', () => {
      includes(text, 'in Codex.');
    });
  });

  it('the worker text is not the coordinator text', () => {
    const worker = renderProtocol(templates, 'worker', ctx, 'cursor');
    assert.doesNotMatch(worker, /Housekeeping|Registering an agent/);
    includes(worker, 'a worker');
  });

  it('the CLAUDE.local.md section points to .cortex.md and names the task file', () => {
    const section = renderClaudeSection(templates, ctx);
    assert.ok(section.startsWith('## Cortex\n'));
    includes(section, '[.cortex.md](.cortex.md)');
    includes(section, `\`${TASKS}\``);
  });

  it('a template with an unknown placeholder is refused', () => {
    assert.throws(() => fillTemplate('{{agent_name}} {{nope}}', {} as never, 'x.md'), /x\.md uses \{\{nope\}\}/);
  });

  it('fills values literally', () => {
    const text = renderProtocol({ ...templates, worker: '{{agent_name}}/{{team_dir}}' }, 'worker', { ...ctx, agentName: '{{team_dir}}' }, 'codex');
    assert.strictEqual(text, '{{team_dir}}//home/ada/cortex-team');
  });
});

describe('protocol variant and paths', () => {
  it('the chief of staff and coordinator roles get the coordinator protocol', () => {
    assert.strictEqual(protocolVariant({ slug: 'chief-of-staff', role: null }), 'coordinator');
    assert.strictEqual(protocolVariant({ slug: 'ops-lead', role: 'Team coordinator for the night shift' }), 'coordinator');
    assert.strictEqual(protocolVariant({ slug: 'x', role: 'Acts as Chief of Staff' }), 'coordinator');
    assert.strictEqual(protocolVariant({ slug: 'billing-dev', role: 'Builds billing; coordinates with QA' }), 'worker');
    assert.strictEqual(protocolVariant({ slug: 'billing-dev', role: null }), 'worker');
  });

  it('joins paths with the separator the folder uses', () => {
    assert.strictEqual(joinNative('/t', 'agents', 'a', 'a.md'), '/t/agents/a/a.md');
    assert.strictEqual(joinNative('/t/', 'agents'), '/t/agents');
    assert.strictEqual(joinNative('C:\\Users\\ada\\team', 'agents', 'tasks.md'), 'C:\\Users\\ada\\team\\agents\\tasks.md');
  });

  it('the identity block uses Windows paths for a Windows team folder', () => {
    const text = renderProtocol(templates, 'worker', { ...ctx, teamDir: 'C:\\team' }, 'gemini');
    includes(text, '`C:\\team\\agents\\billing-dev\\tasks.md`');
  });
});

describe('planProtocolFiles', () => {
  const none = () => undefined;
  const files = (map: Record<string, string>) => (p: string) => map[p];

  it('lists the files of each runtime', () => {
    const paths = Object.fromEntries(PROTOCOL_RUNTIMES.map((r) => [r.id, planProtocolFiles(r.id, 'worker', ctx, templates, none).map((p) => p.path)]));
    assert.deepStrictEqual(paths, {
      'claude-code': ['.cortex.md', 'CLAUDE.local.md', '.claude/hooks/cortex-precheck.sh', '.claude/settings.json'],
      codex: ['AGENTS.md'],
      cursor: ['.cursorrules'],
      gemini: ['GEMINI.md'],
      opencode: ['AGENTS.md'],
      other: ['cortex-system-prompt.md'],
    });
  });

  it('gives the idle hook to a worker only: the coordinator polls the team even when its own task file is empty', () => {
    assert.deepStrictEqual(
      planProtocolFiles('claude-code', 'coordinator', chief, templates, none).map((p) => p.path),
      ['.cortex.md', 'CLAUDE.local.md'],
    );
  });

  it('creates the hook script with the task file written in, and a settings.json with the entry', () => {
    const [, , script, settings] = planProtocolFiles('claude-code', 'worker', ctx, templates, none);
    assert.strictEqual(script.change, 'create');
    assert.strictEqual(script.after, renderHookScript(templates, ctx));
    assert.ok(script.after.startsWith('#!/bin/sh\n'));
    includes(script.after, `\ntasks_file='${TASKS}'\n`);
    assert.doesNotMatch(script.after, /\{\{|\}\}|\r/);
    assert.strictEqual(settings.change, 'create');
    assert.deepStrictEqual(JSON.parse(settings.after), { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/cortex-precheck.sh' }] }] } });
  });

  it('replaces a different hook script as a whole, and finds the same one and a registered hook up to date', () => {
    const [, , script, settings] = planProtocolFiles('claude-code', 'worker', ctx, templates, files({ '.claude/hooks/cortex-precheck.sh': '#!/bin/bash\nexit 0\n' }));
    assert.strictEqual(script.change, 'replace-file');
    assert.strictEqual(describeChange(script, { path: script.path, kind: 'script', content: 'hook-script' }), 'replaces .claude/hooks/cortex-precheck.sh');
    const again = planProtocolFiles('claude-code', 'worker', ctx, templates, files({ '.claude/hooks/cortex-precheck.sh': script.after, '.claude/settings.json': settings.after }));
    assert.deepStrictEqual(again.slice(2).map((p) => p.change), ['unchanged', 'unchanged']);
  });

  it('quotes a task file path with a quote in it for sh', () => {
    const odd = renderHookScript(templates, { ...ctx, teamDir: "/home/o'brien/team $HOME" });
    includes(odd, `\ntasks_file='/home/o'\\''brien/team $HOME/agents/billing-dev/tasks.md'\n`);
    assert.strictEqual(shQuote("a'b"), `'a'\\''b'`);
  });

  it('refuses a settings.json that is not JSON, and says so', () => {
    assert.throws(
      () => planProtocolFiles('claude-code', 'worker', ctx, templates, files({ '.claude/settings.json': '{\n  // mine\n}\n' })),
      /\.claude\/settings\.json has a comment \(line 2, column 3\)/,
    );
  });

  it('creates new files: the marked protocol, and the pointer section', () => {
    const [cortex, claude] = planProtocolFiles('claude-code', 'worker', ctx, templates, none);
    assert.strictEqual(cortex.change, 'create');
    assert.strictEqual(cortex.before, undefined);
    assert.ok(cortex.after.startsWith(CORTEX_BEGIN + '\n# Cortex team protocol: Billing Dev\n'));
    assert.ok(cortex.after.endsWith(`\n${CORTEX_END}\n`));
    includes(cortex.after, NOTE);
    assert.strictEqual(claude.change, 'create');
    assert.strictEqual(claude.after, renderClaudeSection(templates, ctx));
  });

  it('adds a section to an existing AGENTS.md and leaves the rest byte for byte', () => {
    const mine = '# House rules\r\n\r\nRun `make test` before committing.\r\n';
    const [plan] = planProtocolFiles('codex', 'worker', ctx, templates, files({ 'AGENTS.md': mine }));
    assert.strictEqual(plan.change, 'add-section');
    assert.ok(plan.after.startsWith(mine + '\r\n' + CORTEX_BEGIN + '\r\n'));
    assert.ok(plan.after.endsWith(CORTEX_END + '\r\n'));
    assert.doesNotMatch(plan.after.replace(/\r\n/g, ''), /\n/, 'CRLF throughout');
  });

  it('replaces an existing section only, and reports an unchanged file', () => {
    const mine = `top\n\n${CORTEX_BEGIN}\nold\n${CORTEX_END}\n\nbottom\n`;
    const [plan] = planProtocolFiles('gemini', 'worker', ctx, templates, files({ 'GEMINI.md': mine }));
    assert.strictEqual(plan.change, 'replace-section');
    assert.ok(plan.after.startsWith(`top\n\n${CORTEX_BEGIN}\n# Cortex team protocol`));
    assert.ok(plan.after.endsWith(`${CORTEX_END}\n\nbottom\n`));
    const [again] = planProtocolFiles('gemini', 'worker', ctx, templates, files({ 'GEMINI.md': plan.after }));
    assert.strictEqual(again.change, 'unchanged');
    assert.strictEqual(again.after, plan.after);
  });

  it('replaces a .cortex.md without markers as a whole (an earlier protocol file), keeping its line breaks', () => {
    const [plan] = planProtocolFiles('claude-code', 'worker', ctx, templates, files({ '.cortex.md': '# Old protocol\r\nclaim tasks\r\n' }));
    assert.strictEqual(plan.change, 'replace-file');
    assert.ok(plan.after.startsWith(CORTEX_BEGIN + '\r\n'));
    assert.doesNotMatch(plan.after, /Old protocol/);
  });

  it('adds the ## Cortex section to CLAUDE.local.md or replaces it', () => {
    const mine = '# Local\n\nUse pnpm.\n';
    const [, added] = planProtocolFiles('claude-code', 'worker', ctx, templates, files({ 'CLAUDE.local.md': mine }));
    assert.strictEqual(added.change, 'add-section');
    assert.strictEqual(added.after, mine + '\n' + renderClaudeSection(templates, ctx));
    const [, replaced] = planProtocolFiles('claude-code', 'worker', ctx, templates, files({ 'CLAUDE.local.md': '## Cortex\nold\n\n## Mine\nx\n' }));
    assert.strictEqual(replaced.change, 'replace-section');
    assert.strictEqual(replaced.after, renderClaudeSection(templates, ctx) + '\n## Mine\nx\n');
  });

  it('refuses a file whose section is broken', () => {
    assert.throws(() => planProtocolFiles('cursor', 'worker', ctx, templates, files({ '.cursorrules': `${CORTEX_BEGIN}\nno end\n` })), CortexInputError);
  });

  it('describes each change in words', () => {
    assert.strictEqual(describeChange({ change: 'create', path: 'GEMINI.md' }), 'creates GEMINI.md');
    assert.strictEqual(describeChange({ change: 'add-section', path: 'AGENTS.md' }), 'adds the Cortex section to AGENTS.md');
    assert.strictEqual(describeChange({ change: 'replace-section', path: 'CLAUDE.local.md' }, { path: 'CLAUDE.local.md', kind: 'heading', content: 'pointer' }), 'replaces the "## Cortex" section of CLAUDE.local.md');
    assert.strictEqual(describeChange({ change: 'unchanged', path: '.cursorrules' }), '.cursorrules is up to date');
  });
});
