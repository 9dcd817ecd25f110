import * as assert from 'node:assert/strict';
import { startTitle } from '../../../../webview/shared/format';

describe('webview/shared/format', () => {
  it("Start's title says how the agent will run (its launch profile's channel) and with what", () => {
    assert.equal(startTitle('Billing Dev', { profile: 'Stand-in agent · cortex-team simulate', channel: 'terminal' }), 'Start Billing Dev in a terminal: Stand-in agent · cortex-team simulate');
    assert.equal(startTitle('Docs', { profile: 'Gemini CLI (ACP session) · gemini --acp', channel: 'acp' }), 'Start Docs as an ACP session: Gemini CLI (ACP session) · gemini --acp');
    assert.equal(startTitle('Docs', { profile: null, channel: 'terminal' }), 'Start Docs in a terminal (choose its CLI)…');
  });
});
