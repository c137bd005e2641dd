// The client's requests that no longer wait for the server's answer: cancelled by the client
// (notifications/cancelled), or answered by the proxy itself when the server did not answer within
// --request-timeout. A late answer of the server to one of them is dropped: the client was told (MCP: the sender of
// a cancellation ignores a later response), and the proxy's own -32001 already answered a timed-out id. Passed on,
// such an answer was a second response to one id, and unbounded: the official SDK client closes the connection on
// a line over 10 MiB, so a cancelled call whose server finished anyway with a large output cut the server off.

/** Kept for this many requests at most (a server that honours cancellation never answers them). */
const MAX_KEPT = 1024;

/** Request keys (their id's JSON, as the router keys them) the client no longer waits for, and why. */
export class AbandonedRequests {
  private readonly reasons = new Map<string, string>();

  /** The client no longer waits for this request: `reason` says why (for the log). */
  add(key: string, reason: string): void {
    this.reasons.delete(key);
    this.reasons.set(key, reason);
    if (this.reasons.size > MAX_KEPT) this.reasons.delete(this.reasons.keys().next().value!);
  }

  /** Why the client no longer waits for this request (forgotten then: one answer is dropped), or undefined. */
  take(key: string): string | undefined {
    const reason = this.reasons.get(key);
    if (reason !== undefined) this.reasons.delete(key);
    return reason;
  }
}
