import type { Checked } from './common/validate';

/** What the channel needs of a `vscode.Webview` (a panel's or a view's): posting. */
export interface ChannelWebview {
  postMessage(message: unknown): PromiseLike<boolean>;
}

/** Where the channel says what it dropped (the view's log output channel). */
export interface ChannelLog {
  warn(message: string): void;
  error(message: string): void;
}

/** The one message every page sends first. */
interface ReadyMessage {
  readonly type: 'ready';
  readonly protocol: number;
}

export interface HostChannelOptions<In extends { readonly type: string }> {
  /** The view's name at the start of each log line ("Team insights"). */
  readonly name: string;
  /** The protocol version the host speaks (the page's `ready` says its own). */
  readonly protocol: number;
  /** The view's check of an incoming message (its `check…WebviewMessage`, built from its check table). */
  readonly check: (data: unknown) => Checked<In>;
  readonly log: ChannelLog;
  /** Also log a short preview of a refused message. */
  readonly preview?: boolean;
}

/** A request of the page: a message carrying the number the page gave it, for its reply. */
export interface RequestMessage {
  readonly type: string;
  readonly request: number;
}

/** The state message every view posts: the whole state, with a version that grows. */
export interface StateMessage<S> {
  readonly type: 'state';
  readonly version: number;
  readonly state: S;
}

/**
 * The host's end of one webview page, the same for every Cortex panel and the Team
 * view: nothing passes before the page says `ready` (its protocol checked against the
 * host's); every incoming message is checked and what fails is dropped and logged;
 * states are posted with a version that only grows and skipped when unchanged. The
 * view attaches the webview it shows now and resets the channel whenever the page
 * is discarded (hidden, replaced, closed); the new page says `ready` again. A request
 * of the page is answered with `reply`, which carries the request's number back.
 */
export class HostChannel<In extends { readonly type: string }, S = never> {
  private webview: ChannelWebview | undefined;
  private isReady = false;
  private version = 0;
  private lastJson: string | undefined;
  /** Counts the pages shown (a reply goes only to the page that asked). */
  private page = 0;

  constructor(private readonly opts: HostChannelOptions<In>) {}

  /** The page said `ready` and has not been discarded since. */
  get ready(): boolean {
    return this.isReady;
  }

  /** The page shown now (a new one has not said `ready` yet, and has no state). */
  attach(webview: ChannelWebview): void {
    this.webview = webview;
    this.isReady = false;
    this.lastJson = undefined;
    this.page++;
  }

  /** The page was discarded (hidden without retained context): wait for its next `ready`. */
  reset(): void {
    this.isReady = false;
    this.page++;
  }

  /** No page any more (closed or let go). */
  detach(): void {
    this.webview = undefined;
    this.isReady = false;
    this.page++;
  }

  /**
   * A message from the page: the checked message for the view to handle, or
   * `undefined` when it was dropped (refused by the check, or sent before `ready`).
   * `ready` itself opens the gate (a protocol mismatch is logged, not refused).
   */
  receive(data: unknown): In | undefined {
    const { name, log } = this.opts;
    const checked = this.opts.check(data);
    if (!checked.ok) {
      log.warn(`${name}: dropped a message (${checked.error})${this.opts.preview ? `: ${preview(data)}` : ''}`);
      return undefined;
    }
    const msg = checked.value;
    if (msg.type === 'ready') {
      const protocol = (msg as unknown as ReadyMessage).protocol;
      if (protocol !== this.opts.protocol) log.warn(`${name}: the page speaks protocol ${protocol}, the host ${this.opts.protocol}`);
      this.isReady = true;
      return msg;
    }
    if (!this.isReady) {
      log.warn(`${name}: dropped "${msg.type}" sent before "ready"`);
      return undefined;
    }
    return msg;
  }

  /** Posts a message to the page now shown; resolves whether it was delivered (a failure is logged). */
  post(message: unknown): Promise<boolean> {
    const webview = this.webview;
    if (!webview) return Promise.resolve(false);
    return Promise.resolve(webview.postMessage(message)).then(
      (delivered) => delivered,
      (e: unknown) => {
        this.opts.log.error(`${this.opts.name}: cannot post to the page: ${String(e)}`);
        return false;
      },
    );
  }

  /**
   * Answers the page's `request`: `make` makes the reply (it may take time) and the
   * channel copies the request's number into it. When `make` fails, the failure is
   * logged and `failed` goes in its place, so the page never waits for a reply that is
   * not coming. Nothing goes when the page that asked was discarded meanwhile. Resolves
   * the reply when it was delivered. `R` is the view's reply message.
   */
  async reply<R extends RequestMessage>(request: RequestMessage, make: () => Omit<R, 'request'> | PromiseLike<Omit<R, 'request'>>, failed: Omit<R, 'request'>): Promise<R | undefined> {
    const page = this.page;
    let body: Omit<R, 'request'>;
    try {
      body = await make();
    } catch (e) {
      this.opts.log.error(`${this.opts.name}: "${request.type}" ${request.request} failed: ${String(e)}`);
      body = failed;
    }
    if (page !== this.page) return undefined;
    // The one place a reply is put together: the body and the number of its request.
    const message = { ...body, request: request.request } as unknown as R;
    return (await this.post(message)) ? message : undefined;
  }

  /**
   * The next state message, or `undefined` when `state` is what was last made and
   * `force` is off. Also for a state carried in the page's HTML before `ready`.
   */
  stateMessage(state: S, force: boolean): StateMessage<S> | undefined {
    const json = JSON.stringify(state);
    if (!force && json === this.lastJson) return undefined;
    this.lastJson = json;
    return { type: 'state', version: ++this.version, state };
  }

  /**
   * Posts the state once the page is ready, unless unchanged (`force`: also then, as
   * to a page that just said `ready`). Resolves the message when it was delivered.
   */
  postState(state: S, force = false): Promise<StateMessage<S> | undefined> {
    if (!this.isReady || !this.webview) return Promise.resolve(undefined);
    const message = this.stateMessage(state, force);
    if (!message) return Promise.resolve(undefined);
    return this.post(message).then((delivered) => (delivered ? message : undefined));
  }
}

/** A refused message, shortened for the log. */
function preview(data: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(data) ?? String(data);
  } catch {
    s = String(data);
  }
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
