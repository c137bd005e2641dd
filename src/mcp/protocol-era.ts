// MCP 2026-07-28, the stateless revision: no `initialize`; every request says its protocol version and its client in
// `params._meta`, and every result carries `resultType` ("complete" for a tool's result): a client of that revision
// (the official SDK v2, `@modelcontextprotocol/client`) refuses a result without it.

/** Where a 2026-07-28 request names its protocol version and its client. */
export const PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion";
export const CLIENT_INFO_META = "io.modelcontextprotocol/clientInfo";
/** The first revision of the stateless era: revisions are ISO dates, compared as strings. */
const FIRST_STATELESS_REVISION = "2026-07-28";

/** The request's `_meta`, when it is an object. */
function metaOf(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const meta = params._meta;
  return typeof meta === "object" && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
}

/** True when the request says it speaks 2026-07-28 or later: its result must carry `resultType`. */
export function isStatelessRequest(params: Record<string, unknown>): boolean {
  const version = metaOf(params)?.[PROTOCOL_VERSION_META];
  return typeof version === "string" && version >= FIRST_STATELESS_REVISION;
}

/** The client's name as a 2026-07-28 request gives it (`clientInfo.name` in its `_meta`), else undefined. */
export function clientNameOf(params: Record<string, unknown>): string | undefined {
  const info = metaOf(params)?.[CLIENT_INFO_META];
  const name = typeof info === "object" && info !== null ? (info as Record<string, unknown>).name : undefined;
  return typeof name === "string" ? name : undefined;
}
