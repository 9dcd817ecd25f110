/** A reply of the host: a message carrying the number of the request it answers. */
export interface ReplyMessage {
  readonly type: string;
  readonly request: number;
}

interface Waiting<Reply extends ReplyMessage> {
  readonly type: Reply['type'];
  readonly answer: (reply: Reply) => void;
}

/**
 * The page's end of request and reply (the host's is `HostChannel.reply`): each
 * request gets the next number, and the host's reply carrying it reaches the callback
 * given with the request, once, whatever order the replies come in. A reply nobody is
 * waiting for (unknown number, already answered, or of another type than the request
 * asked for) is dropped and reported. One per page; `Reply` is the union of the view's
 * reply messages.
 */
export class PageRequests<Reply extends ReplyMessage> {
  private next = 1;
  private readonly waiting = new Map<number, Waiting<Reply>>();

  constructor(private readonly onDropped: (reason: string) => void) {}

  /** Requests waiting for their reply. */
  get open(): number {
    return this.waiting.size;
  }

  /**
   * Sends a request (`send` posts it with the number given) and waits for its reply
   * of type `type`, which goes to `onReply`. Returns the request's number.
   */
  ask<T extends Reply['type']>(type: T, send: (request: number) => void, onReply: (reply: Extract<Reply, { readonly type: T }>) => void): number {
    const request = this.next++;
    this.waiting.set(request, { type, answer: onReply as (reply: Reply) => void });
    send(request);
    return request;
  }

  /** A reply from the host: to the request waiting for it, or dropped and reported. */
  answer(reply: Reply): void {
    const waiting = this.waiting.get(reply.request);
    if (!waiting) return this.onDropped(`a "${reply.type}" reply to request ${reply.request}, which nothing is waiting for`);
    if (waiting.type !== reply.type) return this.onDropped(`a "${reply.type}" reply to request ${reply.request}, which waits for "${waiting.type}"`);
    this.waiting.delete(reply.request);
    waiting.answer(reply);
  }
}
