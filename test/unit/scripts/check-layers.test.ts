// The layer check (scripts/check-layers.mjs, run by `npm run typecheck`) on small
// trees written for the purpose: each rule it enforces fails the run, and a tree that
// keeps the rules passes. Also the repository itself.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../../..');
const SCRIPT = path.join(REPO, 'scripts', 'check-layers.mjs');

/** A tree that keeps every rule: base ← core ← extension ← view ← app, and a page on its view's common/ folder and base. */
const CLEAN: Record<string, string> = {
  'src/base/time.ts': 'export const minute = 1;\n',
  'src/core/model.ts': "import { minute } from '../base/time';\nexport interface Team { readonly at: number }\nexport const zero = minute - 1;\n",
  'src/extension/store.ts': "import * as vscode from 'vscode';\nimport { Team } from '../core/model';\nexport const store: Team = { at: 0 };\nexport const e = vscode;\n",
  'src/views/shared/common/validate.ts': 'export const ok = true;\n',
  'src/views/board/common/messages.ts': "import type { Team } from '../../../core/model';\nimport { ok } from '../../shared/common/validate';\nimport { minute } from '../../../base/time';\nexport type State = Team;\nexport const valid = ok && minute > 0;\n",
  'src/views/board/board-panel.ts': "import { store } from '../../extension/store';\nimport { valid } from './common/messages';\nexport const panel = { store, valid };\n",
  'src/views/team/team-view.ts': "import { store } from '../../extension/store';\nexport const view = store;\n",
  'src/app/controller.ts': "import { panel } from '../views/board/board-panel';\nimport { view } from '../views/team/team-view';\nexport const root = [panel, view];\n",
  'webview/shared/bridge.ts': "import { ok } from '../../src/views/shared/common/validate';\nimport { minute } from '../../src/base/time';\nexport const bridge = ok && minute > 0;\n",
  'webview/board/main.tsx': "import { valid } from '../../src/views/board/common/messages';\nimport { bridge } from '../shared/bridge';\nexport const main = valid && bridge;\n",
};

function check(files: Record<string, string>): { status: number | null; out: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cortex-layers-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    const r = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
    return { status: r.status, out: r.stdout + r.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function fails(extra: Record<string, string>, pattern: RegExp): void {
  const r = check({ ...CLEAN, ...extra });
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, pattern);
}

describe('the layer check (scripts/check-layers.mjs)', function () {
  this.timeout(30_000);

  it('passes a tree that keeps the rules', () => {
    const r = check(CLEAN);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /0 arrows up, 0 view-to-view, 0 page-to-host .* 0 file cycles, 0 folder cycles; 0 violations/);
  });

  it('fails when a page imports anything from src/ but its view\'s common/ folder and base', () => {
    fails({ 'webview/board/client.ts': "import { panel } from '../../src/views/board/board-panel';\nexport const c = panel;\n" }, /webview\/board\/client\.ts:1: a page imports from src\/ only src\/views\/board\/common\//);
    fails({ 'webview/board/client.ts': "import { zero } from '../../src/core/model';\nexport const c = zero;\n" }, /a page imports from src\/ only src\/views\/board\/common\/ and src\/base\/ \(src\/core\/model\.ts\)/);
  });

  it('fails when a common/ folder would bundle host code into a page (types from the core are fine)', () => {
    fails({ 'src/views/board/common/columns.ts': "import { zero } from '../../../core/model';\nexport const c = zero;\n" }, /a common\/ folder is bundled into a page/);
    fails({ 'src/views/board/common/columns.ts': "import * as fs from 'fs';\nexport const c = fs;\n" }, /it imports no package or module \("fs"\)/);
  });

  it('fails when a view imports another view', () => {
    fails({ 'src/views/board/lanes.ts': "import { view } from '../team/team-view';\nexport const l = view;\n" }, /a view imports no other view: board imports team/);
  });

  it('fails when the core imports vscode or anything above it', () => {
    fails({ 'src/core/liveness.ts': "import * as vscode from 'vscode';\nexport const v = vscode;\n" }, /src\/core\/liveness\.ts:1: core never imports vscode/);
    fails({ 'src/core/liveness.ts': "import { store } from '../extension/store';\nexport const s = store;\n" }, /arrow up: core imports extension/);
    fails({ 'src/extension/views.ts': "import { panel } from '../views/board/board-panel';\nexport const p = panel;\n" }, /arrow up: extension imports views/);
  });

  it('fails when the MCP server imports anything but the core and base (the CLI may load it)', () => {
    const server = "import { zero } from '../core/model';\nexport const tools = [zero];\n";
    const verb = "import { tools } from '../mcp/server';\nexport const mcp = tools;\n";
    assert.equal(check({ ...CLEAN, 'src/mcp/server.ts': server, 'src/cli/mcp-verb.ts': verb }).status, 0);
    fails({ 'src/mcp/server.ts': "import { verbs } from '../cli/verbs';\nexport const s = verbs;\n", 'src/cli/verbs.ts': 'export const verbs = 1;\n' }, /src\/mcp\/server\.ts:1: mcp imports only core and base: not cli/);
    fails({ 'src/mcp/server.ts': "import { log } from '../git/log';\nexport const s = log;\n", 'src/git/log.ts': 'export const log = 1;\n' }, /mcp imports only core and base: not git/);
  });

  it('fails when an import cycle appears', () => {
    fails(
      {
        'src/core/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/core/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      },
      /import cycle between files: src\/core\/a\.ts → src\/core\/b\.ts/,
    );
  });

  it('passes on this repository', () => {
    const r = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8', cwd: REPO });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
});
