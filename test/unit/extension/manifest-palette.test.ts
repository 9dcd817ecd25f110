// The Command Palette before the team is read: Dispatch Task, Register Agent and Open
// Worklog are what a person types first after opening the window, so their `when`
// clauses must hold from activation on (the context key unset, then "loading"), not
// only once the scan has loaded the team, and only a search that found no team hides them.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

interface PaletteEntry {
  command: string;
  when?: string;
}

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { commands: Array<{ command: string }>; menus: { commandPalette: PaletteEntry[] } };
};

/** Evaluates the clauses the palette entries use: `key == value`, `key != value`, joined by `&&`. */
function holds(when: string | undefined, context: Record<string, string | undefined>): boolean {
  if (!when) return true;
  return when.split('&&').every((part) => {
    const m = /^\s*([\w.]+)\s*(==|!=)\s*([\w.-]+)\s*$/.exec(part);
    if (!m) throw new Error(`a clause this test cannot read: ${part}`);
    const equal = context[m[1]] === m[3];
    return m[2] === '==' ? equal : !equal;
  });
}

describe('Command Palette at activation', () => {
  for (const command of ['cortex.dispatchTask', 'cortex.registerAgent', 'cortex.openWorklog']) {
    it(`offers ${command} while the team is still being found and read`, () => {
      assert.ok(manifest.contributes.commands.some((c) => c.command === command), `${command} is contributed`);
      const entry = manifest.contributes.menus.commandPalette.find((e) => e.command === command);
      const when = entry?.when;
      assert.equal(holds(when, {}), true, `before the first search: ${when}`);
      assert.equal(holds(when, { 'cortex.teamState': 'loading' }), true, `while loading: ${when}`);
      assert.equal(holds(when, { 'cortex.teamState': 'loaded' }), true, `loaded: ${when}`);
      assert.equal(holds(when, { 'cortex.teamState': 'none' }), false, `no team: ${when}`);
    });
  }
});
