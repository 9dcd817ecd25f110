// The core's findings reach the Problems panel on the right file and line.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { agentFile, cortexApi, teamDir, waitFor, writeFromAnotherProcess } from './cortex-helpers';

describe('Cortex: diagnostics in the Problems panel', () => {
  let api: CortexTestApi;
  let team: string;
  let file: string;
  let original: string;

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    team = await teamDir(api);
    file = agentFile(team, 'infra-ops', 'tasks.md');
    original = readFileSync(file, 'utf8');
  });

  after(async () => {
    writeFromAnotherProcess(file, original);
    await waitFor(() => cortexDiagnostics(vscode.Uri.file(file)).length === 0, 5000, 'the diagnostics to clear');
  });

  const cortexDiagnostics = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Cortex');

  it('reports a status line agents cannot see on its own line, with source "Cortex"', async function () {
    this.timeout(10_000);
    // Line 1: heading; line 2: an indented, capitalised status that real agents never match.
    writeFromAnotherProcess(file, `## Broken status probe\n  **Status:** Ready\n\nBody.\n\n${original}`);
    const uri = vscode.Uri.file(file);
    const found = await waitFor(() => cortexDiagnostics(uri).find((d) => /Broken status probe/.test(d.message)), 5000, 'a diagnostic');
    assert.equal(found.range.start.line, 1, 'on the status line (0-based 1 = line 2)');
    assert.equal(found.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(found.source, 'Cortex');
  });

  it('reports a task without any status on its heading line', async function () {
    this.timeout(10_000);
    writeFromAnotherProcess(file, `${original.trimEnd()}\n\n## No status probe\nJust text.\n`);
    const uri = vscode.Uri.file(file);
    const lineOfHeading = `${original.trimEnd()}\n\n`.split('\n').length - 1;
    const found = await waitFor(() => cortexDiagnostics(uri).find((d) => /No status probe/.test(d.message)), 5000, 'a diagnostic');
    assert.equal(found.range.start.line, lineOfHeading);
  });

  it('clears the diagnostics when the file is fixed', async function () {
    this.timeout(10_000);
    writeFromAnotherProcess(file, original);
    await waitFor(() => cortexDiagnostics(vscode.Uri.file(file)).length === 0, 5000, 'no Cortex diagnostics on the fixed file');
  });

  it('puts a broken agent note frontmatter on the note', async function () {
    this.timeout(10_000);
    const note = agentFile(team, 'docs-writer', 'docs-writer.md');
    const noteText = readFileSync(note, 'utf8');
    try {
      writeFromAnotherProcess(note, noteText.replace(/^---\n/, '---\nname: [unclosed\n'));
      const found = await waitFor(() => cortexDiagnostics(vscode.Uri.file(note))[0], 5000, 'a frontmatter diagnostic');
      assert.ok(found.range.start.line >= 1 && found.range.start.line <= 3, `line ${found.range.start.line}`);
    } finally {
      writeFromAnotherProcess(note, noteText);
      await waitFor(() => cortexDiagnostics(vscode.Uri.file(note)).length === 0, 5000, 'the note diagnostics to clear');
    }
  });
});
