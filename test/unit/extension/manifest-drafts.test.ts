// The editor drafts' send command (src/extension/commands/editor-drafts.ts) as the
// manifest offers it: the title bar button and Ctrl+Enter (Cmd+Enter), both only while
// a Cortex draft is the active editor.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: {
    commands: Array<{ command: string; title: string; icon?: string }>;
    keybindings: Array<{ command: string; key: string; mac?: string; when?: string }>;
    menus: Record<string, Array<{ command: string; when?: string; group?: string }>>;
  };
};

describe('Editor drafts in the manifest', () => {
  it('Send This Draft: a title bar button and Ctrl+Enter / Cmd+Enter, only in a Cortex draft', () => {
    const command = manifest.contributes.commands.find((c) => c.command === 'cortex.sendDraft');
    assert.deepEqual(command && [command.title, command.icon], ['Send This Draft', '$(send)']);
    const key = manifest.contributes.keybindings.find((k) => k.command === 'cortex.sendDraft');
    assert.deepEqual(key && [key.key, key.mac, key.when], ['ctrl+enter', 'cmd+enter', 'cortex.draftEditorActive && editorTextFocus']);
    const button = manifest.contributes.menus['editor/title'].find((m) => m.command === 'cortex.sendDraft');
    assert.deepEqual(button && [button.when, button.group], ['cortex.draftEditorActive', 'navigation']);
    assert.ok(!manifest.contributes.commands.some((c) => c.command === 'cortex.dispatchDraft'), 'the old command id is gone');
  });
});
