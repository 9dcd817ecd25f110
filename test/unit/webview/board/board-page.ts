// The board's page mounted in a DOM for a describe block: jsdom installed around it, a
// fresh #root per test, and `mount` rendering the real page on a state message.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { BoardStateMessage } from '../../../../src/views/board/common/messages';
import { createActions } from '../../../../webview/board/actions';
import { BoardClient } from '../../../../webview/board/client';
import { BoardApp } from '../../../../webview/board/components/board-app';
import { installDom, removeDom } from '../dom';
import { RecordingApi } from '../host-api';

export interface Mounted {
  api: RecordingApi;
  client: BoardClient;
}

/** Call inside `describe`: registers the hooks; `root()` is this test's #root. */
export function boardPage(): { root: () => HTMLElement; mount: (message: BoardStateMessage, uiState?: unknown) => Mounted } {
  let root: HTMLElement;
  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
  });
  afterEach(() => render(null, root));
  return {
    root: () => root,
    mount: (message, uiState) => {
      const api = new RecordingApi(uiState);
      const actions = createActions(api);
      const client = new BoardClient(actions);
      act(() => {
        client.receive(message);
        render(h(BoardApp, { client, actions }), root);
      });
      return { api, client };
    },
  };
}
