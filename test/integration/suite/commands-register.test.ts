// "Cortex: Register Agent" in the real extension host: the six-step wizard (name
// with its slug previewed, project folder, role, capabilities, the place in the
// hierarchy (parent and level, valid ones only), the launch profile
// or a custom command), each validation as typed, Back, Escape at each step, the
// folder picker, a registration racing ours, the offer to generate the protocol
// file, and Restricted Mode.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { formatDate, wallMinutes } from '../../../src/base/time';
import type { CortexTestApi } from '../../../src/app/test-api';
import {
  BACK,
  ESCAPE,
  api,
  exists,
  feedbackAt,
  message,
  messages,
  noErrors,
  read,
  removeAgents,
  removeTempFolders,
  reset,
  script,
  stepTrail,
  teamDir,
  tempFolder,
  waitFor,
} from './commands-helpers';


describe('Command: Register Agent', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let team: string;
  let project: string;
  const created: string[] = [];
  const note = (slug: string) => path.join(team, 'agents', slug, `${slug}.md`);
  const tasks = (slug: string) => path.join(team, 'agents', slug, 'tasks.md');

  before(async () => {
    a = await api();
    team = teamDir(a);
    project = tempFolder('billing-service-');
  });
  afterEach(async () => {
    await reset(a);
    if (created.length > 0) await removeAgents(a, created.splice(0));
  });
  after(() => removeTempFolders());

  it('registers through six steps: the note from the team template with the place in the hierarchy and the launch profile picked, and an empty tasks.md', async () => {
    created.push('itest-reg-one');
    let launchItems: string[] = [];
    let placeItems: Array<{ label: string; description?: string }> = [];
    const s = script(a, ['Itest Reg One', project, 'Builds the billing service', 'Python/FastAPI, Stripe integration ,  , Testing', (r) => {
      placeItems = r.items.map((i) => ({ label: i.label, description: i.description }));
      return 'Under Billing Dev';
    }, (r) => {
      launchItems = r.items.map((i) => i.label);
      return 'Codex';
    }]);
    const result = await vscode.commands.executeCommand<{ slug: string; notePath: string; createdTasks: boolean; template: string } | undefined>('cortex.registerAgent');
    assert.equal(s.left(), 0);
    assert.deepEqual(result && { slug: result.slug, notePath: result.notePath, createdTasks: result.createdTasks, template: result.template }, {
      slug: 'itest-reg-one',
      notePath: 'agents/itest-reg-one/itest-reg-one.md',
      createdTasks: true,
      template: 'team',
    });
    assert.deepEqual(stepTrail(a), ['1/6', '<2/6', '<3/6', '<4/6', '<5/6', '<6/6']);
    // Only valid places: none, the top, or one level below an agent of level 1 or 2 (the example team's QA Engineer is level 3, Infra Ops has no level).
    assert.deepEqual(placeItems.slice(0, 2).map((i) => i.label), ['Outside the hierarchy', 'Top level']);
    const unders = placeItems.slice(2);
    assert.ok(unders.every((i) => i.label.startsWith('Under ')));
    assert.deepEqual(unders.find((i) => i.label === 'Under Chief of Staff')?.description, 'level 2 · sub-agent · parent: chief-of-staff');
    assert.deepEqual(unders.find((i) => i.label === 'Under Billing Dev')?.description, 'level 3 · support agent · parent: billing-dev');
    assert.equal(unders.some((i) => /QA Engineer|Infra Ops/.test(i.label)), false);
    assert.deepEqual(launchItems, ['Claude Code', 'Codex', 'Gemini CLI', 'Cursor Agent', 'Claude Code (ACP session)', 'Codex (ACP session)', 'Gemini CLI (ACP session)', 'Stand-in agent', 'Custom command…', 'None for now']);
    const text = read(note('itest-reg-one'));
    assert.match(text, /^---\nname: Itest Reg One\nproject: \S+\nstatus: active\njoined: \d{4}-\d{2}-\d{2}\nparent: billing-dev\nlevel: 3\nlaunch: codex\n---\n/);
    assert.ok(text.includes(`project: ${project}\n`));
    assert.ok(text.includes(`joined: ${formatDate(wallMinutes(a.now()))}\n`));
    assert.match(text, /## Role\nBuilds the billing service\n/);
    assert.match(text, new RegExp(`## Projects\\n- ${path.basename(project).toLowerCase().replace(/[^a-z0-9-]/g, '')}\\n`));
    assert.match(text, /## Capabilities\n- Python\/FastAPI\n- Stripe integration\n- Testing\n/);
    assert.match(text, /## Session Log\nLast session: --\nStatus: registered\n/);
    assert.equal(read(tasks('itest-reg-one')), '');
    noErrors(a);
    const offer = message(a, /registered Itest Reg One: agents\/itest-reg-one\/itest-reg-one\.md and an empty agents\/itest-reg-one\/tasks\.md/, 'info');
    assert.deepEqual(offer.items, ['Generate Protocol File…', 'Open Note']);
    await waitFor(() => a.store.team?.agents.some((x) => x.slug === 'itest-reg-one' && x.role === 'Builds the billing service'), 5000, 'the store to show the agent');
    assert.equal(a.store.team!.agents.find((x) => x.slug === 'itest-reg-one')!.launch?.cli, 'codex');
    await waitFor(() => a.viewState().agents.find((x) => x.slug === 'itest-reg-one')?.run?.profile === 'Codex · codex', 5000, 'the row to show the launch profile');
  });

  it('writes a custom command as the launch profile (an empty one refused; Back returns to the CLIs), and "None for now" writes no launch:', async () => {
    created.push('itest-reg-custom', 'itest-reg-none');
    script(a, ['Itest Reg Custom', project, '', '', 'Outside the hierarchy', 'Custom command…', BACK, 'Custom command…', '  ', './scripts/run-agent.sh --fast']);
    await vscode.commands.executeCommand('cortex.registerAgent');
    // The CLIs, the command, Back to the CLIs, the command refused once and accepted.
    assert.deepEqual(stepTrail(a), ['1/6', '<2/6', '<3/6', '<4/6', '<5/6', '<6/6', '<6/6', '<6/6', '<6/6', '<6/6']);
    const f = feedbackAt(a, /Register Agent/).slice(-2);
    assert.match(f[0].error ?? '', /^Type the command that starts the agent/);
    assert.equal(f[1].hint, 'launch: { cli: custom, command: ./scripts/run-agent.sh --fast }');
    assert.match(read(note('itest-reg-custom')), /\njoined: \d{4}-\d{2}-\d{2}\nlaunch:\n  cli: custom\n  command: "\.\/scripts\/run-agent\.sh --fast"\n---\n/);
    await waitFor(() => a.viewState().agents.find((x) => x.slug === 'itest-reg-custom')?.run?.profile === 'Custom command · ./scripts/run-agent.sh --fast', 5000, 'the row to show the custom command');
    await reset(a);
    script(a, ['Itest Reg None', project, '', '', 'Outside the hierarchy', 'None for now']);
    await vscode.commands.executeCommand('cortex.registerAgent');
    assert.doesNotMatch(read(note('itest-reg-none')), /launch|parent|level/);
  });

  it('previews the slug as the name is typed and refuses an empty name, an empty slug and an existing agent', async () => {
    script(a, ['', '!!!', 'Billing Dev', 'billing dev', 'Itest  Reg Two!', ESCAPE]);
    await vscode.commands.executeCommand('cortex.registerAgent');
    const f = feedbackAt(a, /Register Agent/);
    assert.match(f[0].error ?? '', /^Enter the agent's name/);
    assert.match(f[1].error ?? '', /"!!!" gives an empty slug/);
    assert.match(f[2].error ?? '', /An agent "billing-dev" is already registered \(agents\/billing-dev\/billing-dev\.md exists\)/);
    assert.match(f[3].error ?? '', /"billing-dev" is already registered/);
    assert.equal(f[4].error, undefined);
    assert.equal(f[4].hint, 'Slug: itest--reg-two → agents/itest--reg-two/itest--reg-two.md and tasks.md; characters other than a-z, 0-9 and "-" are dropped, as the Cortex protocol derives slugs');
    assert.equal(exists(path.join(team, 'agents', 'itest--reg-two')), false);
  });

  it('gives a name with accents the protocol\'s slug and says why they go, and finds its folder under the earlier spelling', async () => {
    script(a, ['Itest José', ESCAPE]);
    await vscode.commands.executeCommand('cortex.registerAgent');
    assert.equal(
      feedbackAt(a, /Register Agent/)[0].hint,
      'Slug: itest-jos → agents/itest-jos/itest-jos.md and tasks.md; letters outside a-z (accented ones too) are dropped, as the Cortex protocol derives slugs, so every tool on the team finds the same folder',
    );
    await reset(a);
    created.push('itest-rene');
    mkdirSync(path.join(team, 'agents', 'itest-rene'), { recursive: true });
    writeFileSync(tasks('itest-rene'), '');
    script(a, ['Itest René', project, '', '', 'Outside the hierarchy', 'None for now']);
    const result = await vscode.commands.executeCommand<{ slug: string }>('cortex.registerAgent');
    assert.match(feedbackAt(a, /Register Agent/)[0].hint ?? '', /^Slug: itest-rene → agents\/itest-rene\/itest-rene\.md, in the folder this name already has under an earlier spelling \(used rather than a second one; its tasks\.md is kept\)$/);
    assert.equal(result?.slug, 'itest-rene');
    assert.match(read(note('itest-rene')), /^name: "Itest René"$/m);
    assert.equal(exists(path.join(team, 'agents', 'itest-ren')), false, 'no second folder');
  });

  it('says when the agent folder exists already (its tasks.md is kept)', async () => {
    created.push('itest-reg-kept');
    mkdirSync(path.join(team, 'agents', 'itest-reg-kept'), { recursive: true });
    writeFileSync(tasks('itest-reg-kept'), '## Waiting\n**Status:** ready\n');
    script(a, ['Itest Reg Kept', project, '', '', 'Outside the hierarchy', 'None for now']);
    const result = await vscode.commands.executeCommand<{ createdTasks: boolean }>('cortex.registerAgent');
    assert.equal(feedbackAt(a, /Register Agent/)[0].hint, 'Slug: itest-reg-kept → agents/itest-reg-kept/itest-reg-kept.md (the folder exists: its tasks.md is kept)');
    assert.equal(result?.createdTasks, false);
    assert.equal(read(tasks('itest-reg-kept')), '## Waiting\n**Status:** ready\n');
    message(a, /and the existing agents\/itest-reg-kept\/tasks\.md/, 'info');
  });

  it('says from the start that the project folder must exist, and checks it as it is typed: empty, relative, missing, a file, ~ expanded', async () => {
    const file = path.join(project, 'README.md');
    writeFileSync(file, 'x');
    let prompt: string | undefined;
    const first = (r: { prompt?: string }) => {
      prompt = r.prompt;
      return '';
    };
    script(a, ['Itest Reg Three', first, 'relative/folder', '/no/such/folder/anywhere', file, '~/no-such-cortex-folder', project, ESCAPE]);
    await vscode.commands.executeCommand('cortex.registerAgent');
    // Said from the start, not only after a refusal: the folder must exist.
    assert.match(prompt ?? '', /^An existing folder the agent works in/);
    const f = feedbackAt(a, /Register Agent/).slice(1);
    assert.match(f[0].error ?? '', /^Enter the folder the agent works in/);
    assert.match(f[1].error ?? '', /"relative\/folder" is not an absolute path/);
    assert.match(f[2].error ?? '', /\/no\/such\/folder\/anywhere does not exist/);
    assert.match(f[3].error ?? '', /README\.md is a file, not a folder/);
    assert.match(f[4].error ?? '', /~\/no-such-cortex-folder does not exist/);
    assert.equal(f[5].error, undefined);
    assert.match(f[5].hint ?? '', /^Project slug: /);
  });

  it('accepts a folder picked with the Browse button (home written as ~)', async () => {
    created.push('itest-reg-browse');
    const inHome = path.join(os.homedir(), `.cortex-itest-${process.pid}`);
    mkdirSync(inHome, { recursive: true });
    let valueAfterBrowse: string | undefined;
    script(a, [
      'Itest Reg Browse',
      { button: 'browse' },
      (request) => {
        valueAfterBrowse = request.value;
        return request.value;
      },
      '',
      '',
      'Outside the hierarchy',
      'None for now',
    ], { openDialog: (options) => {
      assert.equal(options.canSelectFolders, true);
      return [vscode.Uri.file(inHome)];
    } });
    try {
      await vscode.commands.executeCommand('cortex.registerAgent');
      assert.equal(valueAfterBrowse, `~/.cortex-itest-${process.pid}`);
      assert.ok(read(note('itest-reg-browse')).includes(`project: ~/.cortex-itest-${process.pid}\n`));
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.file(inHome), { recursive: true });
    }
  });

  it('checks the role and the capabilities', async () => {
    created.push('itest-reg-four');
    script(a, ['Itest Reg Four', project, '# Heading', 'Plain role', 'A, B, a', 'A, B', 'Top level', 'None for now']);
    await vscode.commands.executeCommand('cortex.registerAgent');
    const f = feedbackAt(a, /Register Agent/);
    assert.match(f[2].error ?? '', /a line starting with "#" would become a heading/);
    assert.equal(f[3].error, undefined);
    assert.match(f[4].error ?? '', /"a" is listed twice/);
    assert.equal(f[5].hint, '2 capabilities: A · B');
    assert.match(read(note('itest-reg-four')), /## Capabilities\n- A\n- B\n/);
    assert.match(read(note('itest-reg-four')), /\nlevel: 1\n/);
    assert.doesNotMatch(read(note('itest-reg-four')), /parent:/);
  });

  for (const [at, answers] of [
    ['the name', [ESCAPE]],
    ['the project folder', ['Itest Reg Esc', ESCAPE]],
    ['the role', ['Itest Reg Esc', '/tmp', ESCAPE]],
    ['the capabilities', ['Itest Reg Esc', '/tmp', 'Role', ESCAPE]],
    ['the place in the hierarchy', ['Itest Reg Esc', '/tmp', 'Role', '', ESCAPE]],
    ['the launch profile', ['Itest Reg Esc', '/tmp', 'Role', '', 'Top level', ESCAPE]],
    ['the custom command', ['Itest Reg Esc', '/tmp', 'Role', '', 'Top level', 'Custom command…', ESCAPE]],
  ] as const) {
    it(`Escape at ${at} writes nothing`, async () => {
      const s = script(a, [...answers]);
      assert.equal(await vscode.commands.executeCommand('cortex.registerAgent'), undefined);
      assert.equal(s.left(), 0);
      assert.equal(exists(path.join(team, 'agents', 'itest-reg-esc')), false);
      assert.deepEqual(messages(a), []);
    });
  }

  it('Back returns to each earlier step with what was typed', async () => {
    created.push('itest-reg-back');
    const seen: Array<string | undefined> = [];
    const other = tempFolder('other-');
    script(a, [
      'Itest Reg Back',
      project,
      'First role',
      BACK, // capabilities → role
      (r) => {
        seen.push(r.value);
        return BACK; // role → project
      },
      (r) => {
        seen.push(r.value);
        return BACK; // project → name
      },
      (r) => {
        seen.push(r.value);
        return r.value; // name again
      },
      other,
      'Second role',
      'X',
      'Top level',
      BACK, // launch → place
      (r) => {
        seen.push(r.activeItem?.label);
        return 'Under Chief of Staff';
      },
      'Stand-in agent',
    ]);
    await vscode.commands.executeCommand('cortex.registerAgent');
    assert.deepEqual(seen, ['First role', project, 'Itest Reg Back', 'Top level']);
    const text = read(note('itest-reg-back'));
    assert.ok(text.includes(`project: ${other}\n`));
    assert.match(text, /## Role\nSecond role\n/);
    assert.deepEqual(stepTrail(a), ['1/6', '<2/6', '<3/6', '<4/6', '<3/6', '<2/6', '1/6', '<2/6', '<3/6', '<4/6', '<5/6', '<6/6', '<5/6', '<6/6']);
    assert.match(text, /\nparent: chief-of-staff\nlevel: 2\nlaunch: simulate\n---\n/);
  });

  it('writes nothing when the same agent is registered by someone else before the write', async () => {
    created.push('itest-reg-race');
    const theirs = '---\nname: Itest Reg Race\nstatus: active\n---\n\n## Role\nRegistered by the chief of staff.\n';
    script(a, [
      'Itest Reg Race',
      project,
      'Mine',
      () => {
        mkdirSync(path.join(team, 'agents', 'itest-reg-race'), { recursive: true });
        writeFileSync(note('itest-reg-race'), theirs);
        return 'A';
      },
      'Outside the hierarchy',
      'None for now',
    ]);
    assert.equal(await vscode.commands.executeCommand('cortex.registerAgent'), undefined);
    assert.equal(read(note('itest-reg-race')), theirs);
    assert.equal(exists(tasks('itest-reg-race')), false);
    message(a, /nothing was written\. An agent "itest-reg-race" is already registered/, 'error');
  });

  it('offers the protocol file and generates it when asked', async () => {
    created.push('itest-reg-proto');
    const folder = tempFolder('proto-');
    script(a, ['Itest Reg Proto', folder, 'Worker', '', 'Outside the hierarchy', 'Codex', 'Codex', 'Write'], (_s, text, items) => (/registered Itest Reg Proto/.test(text) ? items[0] : undefined));
    const result = await vscode.commands.executeCommand<{ protocol?: { written: string[]; runtime: string } }>('cortex.registerAgent');
    assert.deepEqual(result?.protocol && { written: result.protocol.written, runtime: result.protocol.runtime }, { written: ['AGENTS.md', '.codex/config.toml'], runtime: 'codex' });
    const agents = read(path.join(folder, 'AGENTS.md'));
    assert.match(agents, /^<!-- cortex:begin/);
    assert.ok(agents.includes(`- Task file: \`${tasks('itest-reg-proto')}\``));
    assert.deepEqual(stepTrail(a), ['1/6', '<2/6', '<3/6', '<4/6', '<5/6', '<6/6', '1/2', '<2/2']);
  });

  it('lights up the "register one" empty state: the command exists', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('cortex.registerAgent'));
    await waitFor(() => a.viewState().canRegisterAgent, 5000, 'canRegisterAgent in the view state');
  });

  it('in Restricted Mode explains, asks nothing and writes nothing', async () => {
    a.setTrusted(false);
    script(a, []);
    assert.equal(await vscode.commands.executeCommand('cortex.registerAgent'), undefined);
    assert.equal(a.shownSteps.length, 0);
    message(a, /Cortex can't register an agent in Restricted Mode/, 'warning');
  });

  it('refuses while the agent folder\'s tasks.md has unsaved changes in an editor, and writes nothing', async () => {
    created.push('itest-reg-dirty');
    mkdirSync(path.join(team, 'agents', 'itest-reg-dirty'), { recursive: true });
    writeFileSync(tasks('itest-reg-dirty'), '## Waiting\n**Status:** ready\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(tasks('itest-reg-dirty')));
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'Unsaved. '));
    script(a, ['Itest Reg Dirty', project, '', '', 'Outside the hierarchy', 'None for now']);
    assert.equal(await vscode.commands.executeCommand('cortex.registerAgent'), undefined);
    assert.equal(exists(note('itest-reg-dirty')), false, 'no note was written');
    assert.equal(read(tasks('itest-reg-dirty')), '## Waiting\n**Status:** ready\n');
    message(a, /nothing was written\. agents\/itest-reg-dirty\/tasks\.md has unsaved changes in an editor/, 'error');
  });
});
