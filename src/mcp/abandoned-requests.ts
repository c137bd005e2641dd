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

/**
 * The progress tokens of abandoned requests. The server's progress for one of them is dropped: the client no longer
 * has the request (MCP: progress references only an active request's token), and the official SDK client reports each
 * such notification as an error, "Received a progress notification for an unknown token" (server-everything's
 * long-running operation goes on sending progress after the proxy's -32001 answered it, or the client cancelled it).
 */
export class AbandonedProgress {
  private readonly reasons = new Map<string, { reason: string; said: boolean }>();

  /** The request with this progress token (its JSON) was abandoned for `reason`. */
  add(token: string, reason: string): void {
    this.reasons.delete(token);
    this.reasons.set(token, { reason, said: false });
    if (this.reasons.size > MAX_KEPT) this.reasons.delete(this.reasons.keys().next().value!);
  }

  /** A new request uses this token again: its progress is passed on. */
  forget(token: string): void {
    this.reasons.delete(token);
  }

  /** True when progress with this token is an abandoned request's, to be dropped (said to `log` the first time). */
  drops(token: string, log: (message: string) => void): boolean {
    const found = this.reasons.get(token);
    if (!found) return false;
    if (!found.said) log(`the server sent progress for token ${token} after ${found.reason}: dropped, and any more for it (the client no longer has that request)`);
    found.said = true;
    return true;
  }
}
