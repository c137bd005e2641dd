// Delivers a command's output to one sink, one chunk at a time, with back-pressure, from reused read buffers.
import type { Socket } from "node:net";
import { openOutputChannel, type OutputChannel } from "./output-channel.js";
import { discardFromNowOn } from "./output-discard.js";
import type { OutputSink, OutputStream, ReadRoom } from "./types.js";

/** The pump's handle. */
export interface OutputPump {
  /** The ends the command writes to (the same one twice when merged). */
  stdout: Socket;
  stderr: Socket;
  /** Closes correx's copies of the command's ends, once the command has its own (after the spawn). */
  releasePeers(): void;
  /** Resolves once every reader reached its end and every chunk was delivered; rejects with the sink's error. */
  ended: Promise<void>;
  /**
   * Stops reading: whoever still holds the other end (a daemon that left the group, a job left running in the
   * background) is no longer waited for. With `handOff`, an end not yet at its EOF goes to a process that discards what
   * comes (output-discard.ts), so that the holder's next write does not fail; else it is closed.
   */
  stop(handOff?: boolean): void;
}

/**
 * Opens the channels: one for stdout and stderr merged (one socket for both, so the bytes arrive in exactly the
 * order they were written, as `2>&1` gives), or one each. A sink that returns a promise pauses every reader
 * until it settles (chunks already read wait in a queue, their buffers untouched while paused), so a slow
 * consumer throttles the command instead of piling its output up in memory. A sink that throws stops
 * delivery and reading; `onSinkError` is called once so the caller can stop the command. `room`: where the sink
 * would have a stream's reads go (never asked while a delivery is pending: it may not have taken earlier bytes yet).
 */
export async function openOutputPump(mode: "merged" | "separate", sink: OutputSink, onSinkError: (error: unknown) => void, room?: ReadRoom): Promise<OutputPump> {
  const queue: [Buffer, OutputStream][] = [];
  let busy = false;
  let failure: { error: unknown } | undefined;
  const channels: OutputChannel[] = [];
  let onIdle: (() => void) | undefined;

  const stop = (handOff = false): void => {
    for (const { reader } of channels) {
      if (handOff && !reader.destroyed && !reader.readableEnded) {
        reader.pause();
        discardFromNowOn(reader);
      }
      reader.destroy();
    }
  };
  const fail = (error: unknown): void => {
    if (failure !== undefined) return;
    failure = { error };
    queue.length = 0;
    onSinkError(error);
    stop();
  };
  const settle = (): void => {
    busy = false;
    for (const { reader } of channels) if (!reader.destroyed) reader.resume();
    onIdle?.();
  };
  const drainQueue = async (): Promise<void> => {
    try {
      for (let next = queue.shift(); next !== undefined && failure === undefined; next = queue.shift()) await sink(next[0], next[1]);
    } catch (error) {
      fail(error);
    }
    settle();
  };
  const deliver = (bytes: Buffer, stream: OutputStream): boolean => {
    if (failure !== undefined) return true;
    if (busy) {
      queue.push([bytes, stream]);
      return false;
    }
    try {
      const pending = sink(bytes, stream);
      if (pending === undefined) return true;
      busy = true;
      pending.then(drainQueue, (error: unknown) => {
        fail(error);
        settle();
      });
      return false;
    } catch (error) {
      fail(error);
      return true;
    }
  };

  const streams: OutputStream[] = mode === "merged" ? ["merged"] : ["stdout", "stderr"];
  try {
    for (const stream of streams) channels.push(await openOutputChannel((bytes) => deliver(bytes, stream), room && ((least) => (busy || failure ? undefined : room(stream, least)))));
  } catch (error) {
    for (const channel of channels) closeChannel(channel);
    throw error;
  }
  const closed = channels.map(({ reader }) => new Promise<void>((resolve) => reader.once("close", () => resolve())));
  const idle = (): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => (busy ? void (onIdle = check) : resolve());
      check();
    });
  const ended = Promise.all(closed)
    .then(idle)
    .then(() => {
      if (failure !== undefined) throw failure.error;
    });
  ended.catch(() => undefined);
  return {
    stdout: channels[0]!.peer,
    stderr: (channels[1] ?? channels[0]!).peer,
    releasePeers: () => {
      for (const { peer } of channels) peer.destroy();
    },
    ended,
    stop,
  };
}

function closeChannel(channel: OutputChannel): void {
  channel.peer.destroy();
  channel.reader.destroy();
}
