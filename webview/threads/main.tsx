import { render } from 'preact';
import '../shared/neutralise';
import { ThreadsHostMessage } from '../../src/views/threads/common/messages';
import { acquireApi } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { ThreadsApp } from './components/threads-app';

// Listen before saying "ready", so the first state cannot be missed: messages that
// arrive before the app subscribes are kept and replayed.
const actions = createActions(acquireApi());
const early: ThreadsHostMessage[] = [];
let deliver: ((m: ThreadsHostMessage) => void) | undefined;
listenToHost(window, (m) => (deliver ? deliver(m) : early.push(m)));
render(
  <ThreadsApp
    actions={actions}
    subscribe={(listener) => {
      deliver = listener;
      early.splice(0).forEach(listener);
      return () => {
        deliver = undefined;
      };
    }}
  />,
  document.getElementById('root')!,
);
actions.ready();
