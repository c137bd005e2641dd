// `correx proxy`'s routing: JSON-RPC frames pass between client and server as written, except the answers to
// tools/list (correx's two tools added) and tools/call (bounded), and calls to correx's own tools (answered here).
import { parseJsonKeepingNumbers, stringifyJson } from "../normalize/lossless-json.js";
import { isRecord } from "../payload.js";
import { AbandonedProgress, AbandonedRequests } from "./abandoned-requests.js";
import { boundOrRefused } from "./refused-result.js";
import { boundedWithinLine, messageWithinLine, withinLine } from "./oversized-answer.js";
import { fitsServerLine, readHere, refuseOverServerLine } from "./oversized-request.js";
import { CONNECTION_CLOSED, errorFrame, INTERNAL_ERROR, jsonKey, parseMessage, preview, REQUEST_TIMEOUT } from "./json-rpc-frames.js";
import { OutputSchemas, type CheckStructured } from "./output-schemas.js";
import { clientNameOf, isStatelessRequest } from "./protocol-era.js";
import { ToolListing, type CorrexToolNames } from "./proxy-tools.js";
import type { ToolAnswer } from "./tool-answer.js";
import { toCallToolResult } from "./tool-answer.js";

/** What the router does with the world: write frames, bound results, answer correx's tools, log. */
export interface ProxyRouterOptions {
  /** Writes one frame (without its newline) to the server. */
  toServer(frame: Buffer | string): void;
  /** Writes one frame (without its newline) to the client. */
  toClient(frame: Buffer | string): void;
  /**
   * Bounds a CallToolResult; undefined = pass the frame through untouched. `client`: the client's `clientInfo.name`;
   * `check`: the called tool's outputSchema, which a cut structuredContent must still match.
   */
  boundResult(result: Record<string, unknown>, raw: Buffer, names: CorrexToolNames, client?: string, check?: CheckStructured): Record<string, unknown> | undefined;
  /** Answers a call to correx's read_output ("read") or grep_output ("grep"). */
  answerOwn(tool: "read" | "grep", args: unknown): Promise<ToolAnswer>;
  log(message: string): void;
  /** The frame to send for an answer over the client's line (`method`: what it answers): oversized-answer.ts. */
  overLine?(message: Record<string, unknown>, method: string | undefined, raw: Buffer, readToolName: string, check?: CheckStructured): string;
  /** A request the server has not answered after this long gets an error (0 = never); progress restarts the clock. */
  requestTimeoutMs: number;
}

/**
 * Requests whose answer may be a CallToolResult, bounded: tools/call, and tasks/result (a task-augmented tools/call's
 * result, MCP 2025-11-25; a result with neither a content array nor a structuredContent object passes as written).
 */
const BOUNDED_METHODS: ReadonlySet<string> = new Set(["tools/call", "tasks/result"]);
/**
 * Requests that stay open for the session, their answer only its end (MCP 2026-07-28's subscriptions/listen, which
 * the SDK v2 client opens at connect for list_changed): never timed out, and nothing waits for them.
 */
const STREAMS: ReadonlySet<string> = new Set(["subscriptions/listen"]);
/** Never timed out: those, and `initialize` (`npx -y mcp-remote URL` may start for minutes; the client's own timeout covers it). */
const UNTIMED: ReadonlySet<string> = new Set([...STREAMS, "initialize"]);
/** What fromServerMessage gives for an answer that is not passed on. */
const DROPPED = Symbol("dropped");

interface PendingRequest {
  id: unknown;
  method: string;
  /** The tool a tools/call calls (or whose call started the task a tasks/result reads). */
  tool?: string;
  /** A tools/list without a cursor: the first page of a new listing. */
  firstPage?: boolean;
  progressToken?: unknown;
  timer?: ReturnType<typeof setTimeout>;
}

/** Routes frames between one client and one server. */
export class ProxyRouter {
  private readonly options: ProxyRouterOptions;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly byProgressToken = new Map<string, string>();
  private readonly abandoned = new AbandonedRequests();
  private readonly abandonedProgress = new AbandonedProgress();
  private readonly schemas = new OutputSchemas();
  private readonly listing = new ToolListing();
  /** The name the client gave in `initialize` (`clientInfo.name`), which says how it cuts a result again. */
  client: string | undefined;

  constructor(options: ProxyRouterOptions) {
    this.options = options;
  }

  /** A frame from the client: forwarded as written, unless it calls one of correx's tools or is over the server's line. */
  fromClient(frame: Buffer): void {
    const message = parseMessage(frame);
    if (!fitsServerLine(frame.length)) return this.fromClientOverLine({ message, bytes: frame.length, cut: () => false });
    if (Array.isArray(message)) {
      // a JSON-RPC batch (MCP 2025-03-26): its requests are waited for as any other (their answers bounded, one each),
      // its calls to correx's own tools answered here and left out of what the server gets
      const rest = message.filter((item) => !isRecord(item) || this.fromClientMessage(item) !== "answered");
      if (rest.length === message.length) this.options.toServer(frame);
      else if (rest.length > 0) this.options.toServer(stringifyJson(rest));
      return;
    }
    if (message && this.fromClientMessage(message) === "answered") return;
    this.options.toServer(frame);
  }

  /** A client frame over the server's line, held whole or as streamed-request.ts kept it: passed to no server. */
  fromClientOverLine({ message, bytes, cut }: { message: unknown; bytes: number; cut(item: unknown): boolean }): void {
    refuseOverServerLine(message, bytes, this.options, (item) => readHere(item, cut(item), (name) => this.ownTool(name)) && this.fromClientMessage(item) === "answered");
  }

  /** Tracks a request of the client (or answers a call to correx's own tools here: "answered"). */
  private fromClientMessage(message: Record<string, unknown>): "answered" | undefined {
    if (typeof message.method === "string" && "id" in message) {
      const params = isRecord(message.params) ? message.params : {};
      // a 2026-07-28 client names itself in every request (there is no initialize)
      this.client = clientNameOf(params) ?? this.client;
      const own = message.method === "tools/call" ? this.ownTool(params.name) : undefined;
      if (own) {
        void this.answerOwn(message.id, own, params.arguments, isStatelessRequest(params));
        return "answered";
      }
      if (message.method === "initialize" && isRecord(params.clientInfo) && typeof params.clientInfo.name === "string") this.client = params.clientInfo.name;
      this.track(message.id, message.method, isRecord(params._meta) ? params._meta.progressToken : undefined, message.method === "tools/list" && params.cursor === undefined, this.schemas.toolOf(message.method, params));
    } else if (message.method === "notifications/cancelled" && isRecord(message.params)) {
      this.abandon(jsonKey(message.params.requestId), "the client cancelled it");
    }
    return undefined;
  }

  /** A frame from the server: answers to tools/list and tools/call are rewritten, everything else passes as written. */
  fromServer(frame: Buffer): void {
    const message = parseMessage(frame);
    if (!message) {
      this.options.log(`the server wrote a line that is not a JSON-RPC message (${frame.length} bytes, dropped): ${preview(frame)}`);
      return;
    }
    if (!Array.isArray(message)) {
      const routed = this.fromServerMessage(message, frame);
      if (routed !== DROPPED) this.options.toClient(routed ?? frame);
      return;
    }
    // A JSON-RPC batch (MCP 2025-03-26): each answer in it is routed as one on its own (bounded, and no longer waited
    // for, so that the server's end does not answer it again); the batch goes on as one frame, as written when unchanged.
    let changed = false;
    const items = message.flatMap((item) => {
      if (!isRecord(item)) return [item];
      const routed = this.fromServerMessage(item, Buffer.from(stringifyJson(item)));
      if (routed === undefined) return [item];
      changed = true;
      return routed === DROPPED ? [] : [parseJsonKeepingNumbers(routed)];
    });
    if (items.length > 0) this.options.toClient(changed ? stringifyJson(items) : frame);
  }

  /**
   * Routes one message of the server (`raw`: its bytes, what a bounded result saves); its new text, undefined: as
   * written, or DROPPED: a late answer to a request the client no longer waits for.
   */
  private fromServerMessage(message: Record<string, unknown>, raw: Buffer): string | undefined | typeof DROPPED {
    if (message.method === "notifications/progress" && isRecord(message.params)) {
      const token = jsonKey(message.params.progressToken);
      const request = this.byProgressToken.get(token);
      if (request === undefined && this.abandonedProgress.drops(token, this.options.log)) return DROPPED;
      this.restartClock(request);
    }
    if (typeof message.method === "string" || !("id" in message)) return messageWithinLine(message, raw, this.options) ? undefined : DROPPED;
    const key = jsonKey(message.id);
    const request = this.pending.get(key);
    if (!request) return this.droppedLate(key, raw.length) ? DROPPED : withinLine(message, undefined, raw, undefined, this.options, this.listing.names.read);
    this.forget(key);
    const result = isRecord(message.result) ? message.result : undefined;
    const check = this.schemas.checkerFor(request.tool);
    if (request.method === "tools/call" && result !== undefined) this.schemas.taskStarted(result, request.tool);
    const rewritten = result === undefined ? undefined : request.method === "tools/list" ? this.listWithCorrexTools(result, request.firstPage === true) : BOUNDED_METHODS.has(request.method) ? boundOrRefused(result, () => this.options.boundResult(result, raw, this.listing.names, this.client, check), (said) => this.options.log(said)) : undefined;
    // A rewritten answer keeps every number as the server wrote it (big integers, 1.0, -0: SPEC §2).
    return withinLine(message, request.method, raw, rewritten === undefined ? undefined : stringifyJson({ ...message, result: rewritten }), this.options, this.listing.names.read, check);
  }

  /**
   * A response frame read as a stream (mcp/streamed-result.ts), its skeleton parsed: answered here when it answers a
   * tools/call this router waits for and `bound` bounds it (undefined: it cannot), or dropped (true, `bound` not
   * called) when it answers a request the client no longer waits for; false: route the frame whole.
   */
  answerStreamed(message: Record<string, unknown>, bound: (names: CorrexToolNames, check?: CheckStructured) => Record<string, unknown> | undefined): boolean {
    if (typeof message.method === "string" || !("id" in message)) return false;
    const key = jsonKey(message.id);
    if (!this.pending.has(key) && this.droppedLate(key, undefined)) return true;
    const request = this.pending.get(key);
    if (!BOUNDED_METHODS.has(request?.method ?? "")) return false;
    const check = this.schemas.checkerFor(request!.tool);
    const rewritten = boundOrRefused(isRecord(message.result) ? message.result : {}, () => bound(this.listing.names, check), (said) => this.options.log(said));
    if (rewritten === undefined) return false;
    this.forget(key);
    this.options.toClient(boundedWithinLine(message, rewritten, request!));
    return true;
  }

  /** A response that could not be passed on: the request it answers (when known and waited for) gets an error. */
  lostAnswer(id: unknown, reason: string): void {
    const key = jsonKey(id);
    const request = id === undefined ? undefined : this.pending.get(key);
    this.options.log(`a response of the server was dropped: ${reason}`);
    if (!request) return;
    this.forget(key);
    this.answerError(request.id, INTERNAL_ERROR, `correx proxy: the server's response could not be passed on (${reason})`);
  }

  /** The server is gone: every request it has not answered gets an error saying so. */
  serverEnded(reason: string): void {
    for (const [key, request] of [...this.pending]) {
      this.forget(key);
      this.answerError(request.id, CONNECTION_CLOSED, `correx proxy: ${reason} before answering ${request.method}`);
    }
  }

  /** True when requests wait for the server and every one is a tools/call or tasks/result (a long result can only answer one). */
  awaitsOnlyCalls(): boolean {
    const awaited = [...this.pending.values()].filter((request) => !STREAMS.has(request.method));
    return awaited.length > 0 && awaited.every((request) => BOUNDED_METHODS.has(request.method));
  }

  /** How many requests wait for the server (an open subscription too). */
  get waiting(): number {
    return this.pending.size;
  }

  /** How many requests wait for an answer: not counting open subscriptions (STREAMS), which end with the session. */
  get awaited(): number {
    return [...this.pending.values()].filter((request) => !STREAMS.has(request.method)).length;
  }

  private ownTool(name: unknown): "read" | "grep" | undefined {
    return name === this.listing.names.read ? "read" : name === this.listing.names.grep ? "grep" : undefined;
  }

  /** Answers a call to correx's own tools; `stateless`: the request is 2026-07-28's, whose results carry resultType. */
  private async answerOwn(id: unknown, tool: "read" | "grep", args: unknown, stateless: boolean): Promise<void> {
    const answer = await this.options.answerOwn(tool, args);
    const result = { ...(stateless ? { resultType: "complete" } : {}), ...toCallToolResult(answer) };
    this.options.toClient(stringifyJson({ jsonrpc: "2.0", id, result }));
  }

  /** A page of tools/list: its tools' output schemas remembered, correx's tools added to the last page (proxy-tools.ts). */
  private listWithCorrexTools(result: Record<string, unknown>, firstPage: boolean): Record<string, unknown> | undefined {
    if (Array.isArray(result.tools)) this.schemas.remember(result.tools, firstPage);
    return this.listing.page(result, firstPage);
  }

  private track(id: unknown, method: string, progressToken: unknown, firstPage: boolean, tool: string | undefined): void {
    const key = jsonKey(id);
    this.abandoned.take(key); // an id used again: an answer to it answers this request
    const request: PendingRequest = { id, method, ...(progressToken !== undefined ? { progressToken } : {}), ...(firstPage ? { firstPage } : {}), ...(tool !== undefined ? { tool } : {}) };
    this.pending.set(key, request);
    if (progressToken !== undefined) {
      this.byProgressToken.set(jsonKey(progressToken), key);
      this.abandonedProgress.forget(jsonKey(progressToken));
    }
    this.restartClock(key);
  }

  private restartClock(key: string | undefined): void {
    const request = key === undefined ? undefined : this.pending.get(key);
    if (!request || this.options.requestTimeoutMs <= 0 || UNTIMED.has(request.method)) return;
    clearTimeout(request.timer);
    request.timer = setTimeout(() => this.timeOut(key!), this.options.requestTimeoutMs);
    request.timer.unref?.();
  }

  private timeOut(key: string): void {
    const request = this.pending.get(key);
    if (!request) return;
    this.abandon(key, "the proxy answered it when it timed out");
    const seconds = this.options.requestTimeoutMs / 1000;
    this.options.toServer(stringifyJson({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: request.id, reason: `correx proxy: no answer within ${seconds} s` } }));
    this.answerError(request.id, REQUEST_TIMEOUT, `correx proxy: the server did not answer ${request.method} within ${seconds} s: the proxy stopped waiting and asked the server to cancel it (the limit is correx proxy's --request-timeout, set where the MCP server is configured)`);
  }

  /** The client no longer waits for this request (when it was waiting): a late answer will be dropped. */
  private abandon(key: string, reason: string): void {
    const request = this.pending.get(key);
    if (!request) return;
    if (request.progressToken !== undefined) this.abandonedProgress.add(jsonKey(request.progressToken), reason);
    this.forget(key);
    this.abandoned.add(key, reason);
  }

  /** True (said on stderr) when an answer for `key`, which nothing waits for, answers a request the client abandoned. */
  private droppedLate(key: string, bytes: number | undefined): boolean {
    const reason = this.abandoned.take(key);
    if (reason === undefined) return false;
    this.options.log(`the server answered request ${key} after ${reason}: its answer${bytes === undefined ? "" : ` (${bytes} bytes)`} was dropped`);
    return true;
  }

  private forget(key: string): void {
    const request = this.pending.get(key);
    if (!request) return;
    clearTimeout(request.timer);
    if (request.progressToken !== undefined) this.byProgressToken.delete(jsonKey(request.progressToken));
    this.pending.delete(key);
  }

  private answerError(id: unknown, code: number, message: string): void {
    this.options.toClient(errorFrame(id, code, message));
  }
}
