import { render } from 'preact';
import '../shared/neutralise';
import { TeamViewState } from '../../src/views/team/common/messages';
import { acquireApi, readInitialMessage } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { TeamApp } from './components/team-app';

// The state in the page's HTML renders at once (no round trip to the host); listen
// before saying "ready", so no later state can be missed. Each new state re-renders into
// the same tree (Preact diffs it: no flicker, focus and scroll stay). The root records
// when the first agent row was painted and when this script started (ms since the page
// started loading), which bench:vscode reads: the time before the script is the
// webview's loading (code-server's), the time after it is this page's own.
const scriptStart = performance.now();
const root = document.getElementById('root')!;
const actions = createActions(acquireApi());
let state: TeamViewState | undefined;
const draw = () => {
  render(<TeamApp state={state} actions={actions} />, root);
  if (root.dataset.firstRowMs === undefined && root.querySelector('.agent-name')) {
    root.dataset.firstRowMs = String(Math.round(performance.now()));
    root.dataset.scriptStartMs = String(Math.round(scriptStart));
  }
};
listenToHost(
  window,
  (next) => {
    state = next;
    draw();
  },
  undefined,
  readInitialMessage(document),
);
if (state === undefined) draw();
actions.ready();
