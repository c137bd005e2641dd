// `correx proxy` in front of a real third-party server, @modelcontextprotocol/server-everything (installed from the
// registry): every exchange but tools/call answers the same as talking to the server directly, and small tool
// results, media included, come through unchanged.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const EVERYTHING = join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
let direct: Connected;
let proxied: Connected;

beforeAll(async () => {
  assertBuilt();
  const spill = join(temporaryDirectory("correx-proxy-everything-"), "spill");
  [direct, proxied] = await Promise.all([
    connect(process.execPath, [EVERYTHING, "stdio"]),
    connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, EVERYTHING, "stdio"]),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.client.close(), proxied?.client.close()]);
});

/** Runs the same exchange both ways. */
async function both<T>(exchange: (connection: Connected) => Promise<T>): Promise<[T, T]> {
  return [await exchange(direct), await exchange(proxied)];
}

/** The error an exchange fails with, as plain data. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message, code: (error as { code?: unknown }).code };
  }
  return "no error";
}

describe("correx proxy -- server-everything", () => {
  test("initialize: the same capabilities, server info and instructions", () => {
    expect(proxied.client.getServerCapabilities()).toEqual(direct.client.getServerCapabilities());
    expect(proxied.client.getServerVersion()).toEqual(direct.client.getServerVersion());
    expect(proxied.client.getInstructions()).toEqual(direct.client.getInstructions());
    expect(direct.client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {}, resources: {}, logging: {} });
  });

  test("tools/list: the server's tools as they are, then read_output and grep_output", async () => {
    const [server, proxy] = await both(({ client }) => client.listTools());
    expect(proxy.tools.slice(0, server.tools.length)).toEqual(server.tools);
    expect(proxy.tools.slice(server.tools.length).map((tool) => tool.name)).toEqual(["read_output", "grep_output"]);
  });

  test("prompts: list, get with and without arguments, completion", async () => {
    const [listDirect, listProxy] = await both(({ client }) => client.listPrompts());
    expect(listProxy).toEqual(listDirect);
    const [simpleDirect, simpleProxy] = await both(({ client }) => client.getPrompt({ name: "simple-prompt" }));
    expect(simpleProxy).toEqual(simpleDirect);
    const [argsDirect, argsProxy] = await both(({ client }) => client.getPrompt({ name: "args-prompt", arguments: { city: "Lyon", state: "Rhône" } }));
    expect(argsProxy).toEqual(argsDirect);
    const [completeDirect, completeProxy] = await both(({ client }) =>
      client.complete({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "E" } }),
    );
    expect(completeProxy).toEqual(completeDirect);
  });

  test("resources: list, templates, read a static one", async () => {
    const [listDirect, listProxy] = await both(({ client }) => client.listResources());
    expect(listProxy).toEqual(listDirect);
    const [templatesDirect, templatesProxy] = await both(({ client }) => client.listResourceTemplates());
    expect(templatesProxy).toEqual(templatesDirect);
    const uri = listDirect.resources[0]!.uri;
    const [readDirect, readProxy] = await both(({ client }) => client.readResource({ uri }));
    expect(readProxy).toEqual(readDirect);
    expect(readDirect.contents.length).toBeGreaterThan(0);
  });

  test("ping, logging level, subscriptions", async () => {
    const [pingDirect, pingProxy] = await both(({ client }) => client.ping());
    expect(pingProxy).toEqual(pingDirect);
    const [levelDirect, levelProxy] = await both(({ client }) => client.setLoggingLevel("debug"));
    expect(levelProxy).toEqual(levelDirect);
    const uri = "demo://resource/static/document/architecture.md";
    const [subscribeDirect, subscribeProxy] = await both(({ client }) => client.subscribeResource({ uri }));
    expect(subscribeProxy).toEqual(subscribeDirect);
    const [unsubscribeDirect, unsubscribeProxy] = await both(({ client }) => client.unsubscribeResource({ uri }));
    expect(unsubscribeProxy).toEqual(unsubscribeDirect);
  });

  test("errors come back as the server gave them", async () => {
    const [unknownDirect, unknownProxy] = await both(({ client }) => failure(client.readResource({ uri: "demo://nothing/here" })));
    expect(unknownProxy).toEqual(unknownDirect);
    expect(unknownDirect).not.toBe("no error");
    const [promptDirect, promptProxy] = await both(({ client }) => failure(client.getPrompt({ name: "no-such-prompt" })));
    expect(promptProxy).toEqual(promptDirect);
    const [toolDirect, toolProxy] = await both(({ client }) => client.callTool({ name: "no-such-tool", arguments: {} }).catch((error: Error) => error.message));
    expect(toolProxy).toEqual(toolDirect);
  });

  test.each([
    ["echo", { message: "hello through the proxy" }],
    ["get-sum", { a: 2, b: 40 }],
    ["get-tiny-image", {}],
    ["get-annotated-message", { messageType: "error", includeImage: true }],
    ["get-resource-links", { count: 3 }],
    ["get-structured-content", { location: "Chicago" }],
  ])("tools/call %s: a small result (media, annotations, structured content) comes through unchanged", async (name, args) => {
    const [fromServer, fromProxy] = await both(({ client }) => client.callTool({ name, arguments: args }));
    expect(fromProxy).toEqual(fromServer);
  });

  test("progress notifications of a long call reach the client as the server sent them", async () => {
    // The server sends its last notification just before its result; the SDK client may handle the two in either
    // order (a late one is reported as an error for an unknown token), so both places count.
    const [fromServer, fromProxy] = await both(async ({ client, errors }) => {
      const reports: { progress: number; total?: number }[] = [];
      const before = errors.length;
      const result = await client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } }, undefined, { onprogress: (report) => reports.push(report) });
      await new Promise((resolve) => setImmediate(resolve));
      const late = errors.splice(before).map((error) => Number(/"progress":(\d+)/.exec(error.message)?.[1]));
      return { result, progress: [...reports.map((report) => report.progress), ...late], totals: reports.map((report) => report.total) };
    });
    expect(fromProxy.result).toEqual(fromServer.result);
    expect(fromServer.progress).toEqual([1, 2, 3]);
    expect(fromProxy.progress).toEqual([1, 2, 3]);
    expect(new Set(fromProxy.totals)).toEqual(new Set([3]));
  });

  test("cancellation: a cancelled long call rejects the same way, and the connection goes on", async () => {
    const [fromServer, fromProxy] = await both(async ({ client }) => {
      const controller = new AbortController();
      const call = client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 30, steps: 30 } }, undefined, { signal: controller.signal });
      controller.abort("changed my mind");
      const outcome = await failure(call);
      const after = await client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } });
      return { outcome, after };
    });
    expect(fromProxy).toEqual(fromServer);
    expect(fromServer.outcome).not.toBe("no error");
  });

  test("the client saw no protocol error either way", () => {
    expect(proxied.errors).toEqual([]);
    expect(direct.errors).toEqual([]);
  });
});
