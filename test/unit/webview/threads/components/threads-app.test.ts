// The Threads page's components in a DOM (Preact + jsdom), fed with the state the real
// model builds from the example team's thread files, and an artifact rendered by the
// host's renderer.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { readThreadRecords } from '../../../../../src/core/threads/records';
import { ResolvedPrompt, resolvePrompt } from '../../../../../src/core/threads/prompt-templates';
import { checkThreadTemplates } from '../../../../../src/core/threads/template-checks';
import { renderArtifact } from '../../../../../src/views/threads/artifact-render';
import { ThreadsHostMessage, ThreadsViewState, checkThreadsHostMessage, checkThreadsViewState, checkThreadsWebviewMessage, threadStateText } from '../../../../../src/views/threads/common/messages';
import { buildThreadsViewState } from '../../../../../src/views/threads/threads-view-state';
import { createActions } from '../../../../../webview/threads/actions';
import { ThreadsApp } from '../../../../../webview/threads/components/threads-app';
import { exampleTeamDir } from '../../../../harness/paths';
import { installDom, removeDom } from '../../dom';
import { RecordingApi } from '../../host-api';

const cortex = path.join(exampleTeamDir, '.cortex');

function readRecords(list: unknown[]) {
  const r = readThreadRecords(JSON.stringify(list));
  assert.ok(r.ok);
  return r.threads;
}

function exampleState(prompts?: Map<string, ResolvedPrompt>): ThreadsViewState {
  const check = checkThreadTemplates(readFileSync(path.join(cortex, 'config/thread-templates.json'), 'utf8'), null);
  const records = readThreadRecords(readFileSync(path.join(cortex, 'data/threads.json'), 'utf8'));
  assert.ok(records.ok);
  return buildThreadsViewState({
    status: 'ready',
    files: { templates: '/t/config/thread-templates.json', threads: '/t/data/threads.json', source: 'team folder' },
    messages: [],
    check,
    threads: records.threads,
    dataRoot: '/t',
    prompts,
    taskOf: (id) => (id === '5e7d1c9a0b42' ? { agent: 'billing-dev', agentName: 'Billing Dev', index: 5, title: 'Retry failed invoice emails', status: 'in-progress' } : null),
  });
}

describe('threads: view model and protocol', () => {
  it('the example state passes the protocol check; threads carry their template\'s limits and artifact path', () => {
    const s = exampleState();
    assert.equal(checkThreadsViewState(s), null);
    const running = s.threads[0];
    assert.deepEqual([running.id, running.maxTotalCostUsd, running.maxTotalSteps, running.artifactPath], ['thr_3f9a12c4', 5, 10, '/t/tmp/threads/thr_3f9a12c4/artifact.md']);
    assert.equal(s.templates[0].graph.nodes.length, 4);
  });

  it('shows what the records and definitions hold: stop reason in words, agent slots, loop counts, metadata, agent definitions, the task', () => {
    const s = exampleState();
    const done = s.threads.find((t) => t.id === 'thr_7b21e0d5')!;
    assert.deepEqual([done.stopReason, done.stopExplained], ['no_matching_transition', 'no transition rule matched the last step']);
    assert.deepEqual(done.iterationCounts, [['critic->researcher', 1]]);
    assert.deepEqual(done.metadata, [['trigger', 'dashboard'], ['project', 'billing-service']]);
    assert.equal(done.channel, 'C07CORTEX');
    const running = s.threads.find((t) => t.id === 'thr_3f9a12c4')!;
    assert.deepEqual(running.agents.map((a) => [a.name, a.status, a.sessionId]), [['planner', 'done', null], ['coder', 'running', 'ses_91c2'], ['reviewer', 'idle', null]]);
    const planner = s.templates.find((t) => t.name === 'coder-review')!.agentDefs[0];
    assert.deepEqual(planner, { name: 'planner', description: 'Plans the approach and breaks the work into steps', profile: 'claude-sonnet', persistSession: false, directive: 'file:planner.md', tools: ['Read', 'Grep', 'Glob', 'Write', 'Edit', 'WebSearch'], pluginDirs: ['plugins/cortex-common'], missingPluginDirs: [], stages: [], prompts: [] });
    const linked = buildThreadsViewState({ status: 'ready', files: null, messages: [], check: null, dataRoot: null, threads: readRecords([{ id: 'thr_0a1b2c3d', status: 'waiting', stopReason: 'toString', metadata: { scheduleTaskId: '5e7d1c9a0b42' } }]), taskOf: (id) => (id === '5e7d1c9a0b42' ? { agent: 'billing-dev', agentName: 'Billing Dev', index: 5, title: 'Retry failed invoice emails', status: 'in-progress' } : null) });
    assert.equal(linked.threads[0].task?.title, 'Retry failed invoice emails');
    assert.equal(linked.threads[0].stopExplained, null, 'a reason the document does not name is shown as written, never looked up on the prototype');
    assert.equal(checkThreadsViewState(linked), null);
    // A started thread (running, no step yet) awaits pickup while its task is ready; then it is running.
    const started = (status: string) =>
      buildThreadsViewState({ status: 'ready', files: null, messages: [], check: null, dataRoot: null, threads: readRecords([{ id: 'thr_0a1b2c3d', status: 'running', steps: [], metadata: { scheduleTaskId: '5e7d1c9a0b42' } }]), taskOf: () => ({ agent: 'billing-dev', agentName: 'Billing Dev', index: 5, title: 'Thread thr_0a1b2c3d: refunds', status }) }).threads[0];
    assert.deepEqual([started('ready').status, started('ready').rawStatus, threadStateText(started('ready'))], ['pickup', 'running', 'awaiting pickup by Billing Dev']);
    assert.deepEqual([started('in-progress').status, threadStateText(started('in-progress'))], ['running', 'running']);
    // Add Agent: running again with the added agent active, awaiting its step (not 002's `waiting`, the user's input); then running.
    const step = { agent: 'coder', status: 'done' };
    const added = (steps: unknown[]) =>
      buildThreadsViewState({ status: 'ready', files: null, messages: [], check: null, dataRoot: null, threads: readRecords([{ id: 'thr_7b21e0d5', status: 'running', activeAgent: 'reviewer', steps, metadata: { addedAgent: { agent: 'reviewer', afterSteps: 1, at: '2026-03-28T12:00:00.000Z' } } }]) }).threads[0];
    assert.deepEqual([added([step]).status, added([step]).rawStatus, added([step]).addedAgent, threadStateText(added([step]))], ['pickup', 'running', 'reviewer', 'added reviewer, awaiting its step']);
    assert.equal(checkThreadsViewState({ ...exampleState(), threads: [added([step])] }), null);
    assert.deepEqual([added([step, { ...step, agent: 'reviewer' }]).status, added([step, { ...step, agent: 'reviewer' }]).addedAgent], ['running', null]);
  });

  it('refuses messages with extra fields, paths, unknown types or bad artifact trees', () => {
    assert.ok(checkThreadsWebviewMessage({ type: 'select', kind: 'thread', id: 'thr_1' }).ok);
    assert.ok(!checkThreadsWebviewMessage({ type: 'select', kind: 'thread', id: 'thr_1', path: '/etc' }).ok);
    assert.ok(!checkThreadsWebviewMessage({ type: 'select', kind: 'file', id: 'x' }).ok);
    assert.ok(!checkThreadsWebviewMessage({ type: 'openLink', thread: 't', link: 1.5 }).ok);
    assert.ok(!checkThreadsWebviewMessage({ type: 'exec', command: 'x' }).ok);
    const artifact = (nodes: unknown) => ({ type: 'artifact', artifact: { thread: 't', nodes, message: null, aborts: [], revision: 1 } });
    assert.ok(checkThreadsHostMessage(artifact([{ tag: 'p', children: ['x', { tag: 'mark', children: ['[ABORT]'] }] }])).ok);
    assert.ok(!checkThreadsHostMessage(artifact([{ tag: 'script', children: ['x'] }])).ok);
    assert.ok(!checkThreadsHostMessage(artifact([{ tag: 'a', children: [], onclick: 'x' }])).ok);
  });

  it('renders the artifact safely and marks [ABORT] markers', () => {
    const r = renderArtifact('# T\n\n<img src=x onerror=alert(1)> [ABORT: stop] and [link](javascript:alert(1)) [ok](https://x.test)\n');
    const json = JSON.stringify(r.nodes);
    assert.match(json, /"tag":"mark","children":\["\[ABORT: stop\]"\]/);
    assert.match(json, /<img src=x onerror=alert\(1\)>/, 'HTML is text');
    assert.deepEqual(r.links, ['https://x.test']);
    assert.deepEqual(r.aborts, ['[ABORT: stop]']);
  });
});

describe('threads: the panel page (Preact components in a DOM)', () => {
  let root: HTMLElement;
  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
  });
  afterEach(() => render(null, root));

  const mount = (uiState?: unknown) => {
    const api = new RecordingApi(uiState);
    const actions = createActions(api);
    let deliver: ((m: ThreadsHostMessage) => void) | undefined;
    act(() => {
      render(h(ThreadsApp, { actions, subscribe: (l) => ((deliver = l), () => (deliver = undefined)) }), root);
    });
    const send = (m: ThreadsHostMessage) => act(() => deliver!(m));
    return { api, send };
  };

  it('lists templates and threads, opens on the running thread and asks the host for its artifact', () => {
    const { api, send } = mount();
    send({ type: 'state', version: 1, state: exampleState() });
    assert.equal(root.querySelector('header.page-header.threads-header h1.page-title .page-name')!.textContent, 'Threads', 'the one page header');
    (root.querySelector('header.page-header button[aria-label="Refresh"]') as HTMLButtonElement).click();
    assert.equal(api.ofType('refresh').length, 1, 'its Refresh reads the files again');
    const items = [...root.querySelectorAll('.item-name')].map((e) => e.textContent);
    assert.deepEqual(items.slice(0, 2), ['coder-review', 'research-critique']);
    assert.equal(items.length, 5);
    assert.deepEqual(api.ofType('select').at(-1), { type: 'select', kind: 'thread', id: 'thr_3f9a12c4' });
    assert.match(root.querySelector('.detail h2')!.textContent!, /Stripe webhook/);
    assert.match(root.querySelector('.facts')!.textContent!, /\$1\.60 of \$5\.00/);
    assert.equal(root.querySelectorAll('.steps tbody tr').length, 2);
    assert.ok(root.querySelector('.node-active[data-node="coder:implement"]'), 'the active stage is highlighted in the graph');
  });

  it("default and auto threads say so (not an unknown template); a step's output opens from its row", () => {
    const threads = readRecords([
      { id: 'thr_00000001', status: 'completed', templateName: 'default', userMessage: 'one agent', steps: [{ agent: 'planner', output: 'Plan:\n1. read the code\n2. write the fix' }, { agent: 'planner' }] },
      { id: 'thr_00000002', status: 'completed', templateName: null, userMessage: 'chained', steps: [], createdAt: '2026-03-27T10:00:00Z' },
      { id: 'thr_00000003', status: 'completed', templateName: 'gone', userMessage: 'old', steps: [] },
    ]);
    const state = buildThreadsViewState({ status: 'ready', files: null, messages: [], check: null, dataRoot: null, threads, now: Date.parse('2026-03-28T12:00:00Z') });
    assert.equal(checkThreadsViewState(state), null, 'kind and output pass the protocol check');
    assert.deepEqual(state.threads.map((t) => [t.id, t.kind]).sort(), [['thr_00000001', 'default'], ['thr_00000002', 'auto'], ['thr_00000003', 'template']]);
    const factsOf = (id: string) => {
      const { send } = mount({ selection: { kind: 'thread', id } });
      send({ type: 'state', version: 1, state });
      return root.querySelector('.facts')!.textContent!;
    };
    const facts = factsOf('thr_00000001');
    assert.match(facts, /default thread \(one agent, no template\)/);
    assert.doesNotMatch(facts, /not in thread-templates\.json/);
    assert.equal(root.querySelector('.thread-cleanup'), null, 'no time recorded: no cleanup said');
    const outputs = root.querySelectorAll('.steps tbody td.step-output');
    assert.equal(outputs[0].querySelector('summary')!.textContent, 'Plan: 1. read the code 2. write the fix');
    assert.equal(outputs[0].querySelector('pre')!.textContent, 'Plan:\n1. read the code\n2. write the fix');
    assert.equal(outputs[1].querySelector('details'), null, 'a step without output shows a dash');
    render(null, root);
    const auto = factsOf('thr_00000002');
    assert.match(auto, /auto thread \(no template\)/);
    assert.match(root.querySelector('.thread-cleanup')!.textContent!, /auto thread without a workspace, older than 24 hours: the thread server removes it when it next starts/);
    render(null, root);
    assert.match(factsOf('thr_00000003'), /gone \(not in thread-templates\.json\)/);
  });

  it('a running thread not updated for a day is said to be possibly stale in its Cleanup line; one awaiting its agent\'s pickup is not', () => {
    const now = Date.parse('2026-03-28T12:00:00Z');
    const view = (status: string, taskStatus: string) =>
      buildThreadsViewState({ status: 'ready', files: null, messages: [], check: null, dataRoot: null, now, threads: readRecords([{ id: 'thr_0a1b2c3d', status, templateName: 'coder-review', workspacePath: 'tmp/threads/thr_0a1b2c3d', steps: [], createdAt: '2026-03-26T10:00:00Z', updatedAt: '2026-03-27T11:00:00Z', metadata: { scheduleTaskId: '5e7d1c9a0b42' } }]), taskOf: () => ({ agent: 'billing-dev', agentName: 'Billing Dev', index: 5, title: 'Thread thr_0a1b2c3d: refunds', status: taskStatus }) });
    assert.match(view('running', 'in-progress').threads[0].cleanupDue ?? '', /^possibly stale: running, but not updated for more than 24 hours/);
    assert.equal(view('running', 'ready').threads[0].cleanupDue, null, 'awaiting pickup: its agent has not started it');
    assert.equal(view('completed', 'done').threads[0].cleanupDue, null);
    const state = view('running', 'in-progress');
    const { send } = mount({ selection: { kind: 'thread', id: 'thr_0a1b2c3d' } });
    send({ type: 'state', version: 1, state });
    assert.match(root.querySelector('.thread-cleanup')!.textContent!, /if its thread server has stopped, the server marks it failed when it next starts/);
  });

  it('shows the artifact with markers highlighted, HTML as text, links through the host', () => {
    const { api, send } = mount({ selection: { kind: 'thread', id: 'thr_c04d88e1' } });
    send({ type: 'state', version: 1, state: exampleState() });
    const r = renderArtifact('Done.\n\n<b>bold?</b> [ABORT: data loss] see [docs](https://docs.test/a)\n');
    send({ type: 'artifact', artifact: { thread: 'thr_c04d88e1', nodes: r.nodes, message: null, aborts: r.aborts, revision: 1 } });
    const body = root.querySelector('.artifact-body')!;
    assert.equal(body.querySelector('mark.abort-marker')!.textContent, '[ABORT: data loss]');
    assert.equal(body.querySelector('b'), null);
    assert.match(body.textContent!, /<b>bold\?<\/b>/);
    assert.match(root.querySelector('.abort-reason')!.textContent!, /the migration drops data/);
    assert.match(root.querySelector('.abort-flag')!.textContent!, /Abort marker/);
    (body.querySelector('a.md-link') as HTMLElement).click();
    assert.deepEqual(api.ofType('openLink').at(-1), { type: 'openLink', thread: 'thr_c04d88e1', link: 0 });
  });

  it("a template shows its hooks (command, args, timeout) and its agents' per-template overrides", () => {
    const text = JSON.stringify({
      agents: { planner: {}, coder: {} },
      templates: {
        t: {
          agents: ['planner', { ref: 'coder', tools: 'Read,Write', promptTemplate: 'file:special.md' }],
          entryAgent: 'planner',
          transitions: [{ from: 'planner', to: 'coder', condition: { type: 'always' } }],
          hooks: { onEnd: { command: 'node hooks/post.mjs', args: ['--project', 'flywheel'] } },
        },
      },
    });
    const state = buildThreadsViewState({ status: 'ready', files: null, messages: [], check: checkThreadTemplates(text, null), dataRoot: null, threads: [] });
    assert.equal(checkThreadsViewState(state), null, 'hooks and overrides pass the protocol check');
    assert.deepEqual(state.templates[0].hooks, [{ point: 'onEnd', command: 'node hooks/post.mjs', args: ['--project', 'flywheel'], timeoutMs: 30000 }], 'the default timeout when none is written');
    const { send } = mount({ selection: { kind: 'template', id: 't' } });
    send({ type: 'state', version: 1, state });
    assert.equal(root.querySelector('.template-hooks li')!.textContent, 'onEnd: node hooks/post.mjs "--project" "flywheel" (timeout 30 s)');
    assert.equal(root.querySelector('.template-overrides li')!.textContent, 'coder: promptTemplate file:special.md; tools Read,Write');
  });

  it('an agent whose plugin folder is not in the Cortex home says so; one that is there does not', () => {
    const text = JSON.stringify({ agents: { a: { pluginDirs: ['plugins/here', 'plugins/gone'] } }, templates: { t: { agents: ['a'], entryAgent: 'a', transitions: [] } } });
    const state = buildThreadsViewState({ status: 'ready', files: null, messages: [], check: checkThreadTemplates(text, null), dataRoot: '/home/u/.cortex', threads: [], missingPluginPaths: new Set(['/home/u/.cortex/plugins/gone']) });
    assert.equal(checkThreadsViewState(state), null);
    assert.deepEqual(state.templates[0].agentDefs[0].missingPluginDirs, ['plugins/gone']);
    const { send } = mount({ selection: { kind: 'template', id: 't' } });
    send({ type: 'state', version: 1, state });
    assert.equal(root.querySelector('.plugin-dirs')!.textContent, 'plugins/here, plugins/gone (missing from the Cortex home)');
  });

  it('a template shows its graph with labelled edges; a click selects and is remembered', () => {
    const { api, send } = mount();
    send({ type: 'state', version: 1, state: exampleState() });
    const button = [...root.querySelectorAll('.item')].find((b) => b.textContent === 'research-critique') as HTMLElement;
    act(() => button.click());
    assert.deepEqual(api.getState(), { selection: { kind: 'template', id: 'research-critique' } });
    const labels = [...root.querySelectorAll('.edge-label')].map((e) => e.textContent);
    assert.deepEqual(labels, ['always', 'output_contains(/VERDICT:\\s*REVISE/)', 'output_not_contains(/VERDICT:\\s*PASS/)']);
    assert.equal(root.querySelectorAll('svg .node').length, 2);
    act(() => (root.querySelector('.detail-head .link-button') as HTMLElement).click());
    assert.deepEqual(api.ofType('openTemplate').at(-1), { type: 'openTemplate', template: 'research-critique' });
  });

  it('a thread shows why it stopped, its agents, loop counts, metadata and its task (a click shows it on the board); a template its agent definitions', () => {
    const { api, send } = mount({ selection: { kind: 'thread', id: 'thr_7b21e0d5' } });
    const state = exampleState();
    const withTask = { ...state, threads: state.threads.map((t) => (t.id === 'thr_7b21e0d5' ? { ...t, scheduleTaskId: '5e7d1c9a0b42', task: { agent: 'billing-dev', agentName: 'Billing Dev', index: 5, title: 'Retry failed invoice emails', status: 'in-progress' } } : t)) };
    send({ type: 'state', version: 1, state: withTask });
    assert.match(root.querySelector('.stop-reason')!.textContent!, /Stopped: no_matching_transition — no transition rule matched the last step/);
    assert.match(root.querySelector('section[aria-label="Loop counts"]')!.textContent!, /critic->researcher1/);
    assert.match(root.querySelector('section[aria-label="Metadata"]')!.textContent!, /triggerdashboard.*projectbilling-service/);
    assert.match(root.querySelector('.facts')!.textContent!, /ChannelC07CORTEX/);
    act(() => (root.querySelector('.thread-task .link-button') as HTMLElement).click());
    assert.deepEqual(api.ofType('openTask').at(-1), { type: 'openTask', thread: 'thr_7b21e0d5' });
    const template = [...root.querySelectorAll('.item')].find((b) => b.textContent === 'coder-review') as HTMLElement;
    act(() => template.click());
    const defs = [...root.querySelectorAll('.agent-def')].map((r) => r.textContent);
    assert.equal(defs.length, 3);
    assert.match(defs[0]!, /planner.*claude-sonnet.*file:planner\.md.*Read, Grep, Glob, Write, Edit, WebSearch.*plugins\/cortex-common/);
    assert.match(defs[1]!, /coder.*stages: implement, review.*keeps its session/);
  });

  it('an agent\'s prompt files: put together with what they extend (the example coder fills base-step.md\'s task block)', async () => {
    const folder = path.join(cortex, 'config/prompts/promptTemplates');
    const resolved = await resolvePrompt('coder-implement.md', async (n) => readFileSync(path.join(folder, n), 'utf8'));
    assert.ok(resolved);
    const { send } = mount({ selection: { kind: 'template', id: 'coder-review' } });
    const state = exampleState(new Map([['promptTemplates/coder-implement.md', resolved]]));
    assert.equal(checkThreadsViewState(state), null);
    send({ type: 'state', version: 1, state });
    const prompt = root.querySelector<HTMLElement>('.agent-def:nth-child(2) .prompt-file')!;
    assert.match(prompt.querySelector('summary')!.textContent!, /promptTemplate: file:coder-implement\.md · extends base-step\.md · fills task/);
    const text = prompt.querySelector('.prompt-text')!.textContent!;
    assert.match(text, /^You are one step of a thread\./);
    assert.match(text, /Implement the plan in \{\{artifactPath\}\}/);
    assert.doesNotMatch(text, /Do what the request asks/, 'the child fills the task block');
  });

  it('says where it looked when there are no thread files', () => {
    const { send } = mount();
    send({ type: 'state', version: 1, state: { status: 'none', files: null, messages: [], templates: [], threads: [], problems: 0 } });
    assert.match(root.textContent!, /No thread files found.*CORTEX_HOME/s);
  });
});
