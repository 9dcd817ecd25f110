import { render } from 'preact';
import '../shared/neutralise';
import { acquireApi } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { WorklogApp, WorklogStore } from './components/worklog-app';

// Listen before saying "ready", so the first state cannot be missed.
const actions = createActions(acquireApi());
const store = new WorklogStore();
listenToHost(window, (m) => (m.type === 'state' ? store.set(m.state) : m.type === 'loading' ? store.loading(m.team) : store.reveal(m.tab, m.id)));
render(<WorklogApp store={store} actions={actions} />, document.getElementById('root')!);
actions.ready();
