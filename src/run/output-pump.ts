// Delivers a command's two pipes to one sink in arrival order, one chunk at a time, with back-pressure.
import type { Readable } from "node:stream";
import type { OutputSink, OutputStream } from "./types.js";

/** The pump's handle: wait until the last chunk has been taken. */
export interface OutputPump {
  /** Resolves once every chunk that arrived has been delivered; rejects with the sink's error. */
  idle(): Promise<void>;
}

/**
 * Listens to both pipes. A sink that returns a promise pauses both pipes until it settles (chunks already
 * in flight wait in a queue, in order), so a slow consumer throttles the command instead of piling its
 * output up in memory. A sink that throws stops delivery; `onSinkError` is called once so the caller can
 * stop the command, and the pipes are drained into nothing so it cannot block on a full pipe.
 */
export function pumpOutput(
  pipes: Partial<Record<OutputStream, Readable | null>>,
  sink: OutputSink,
  onSinkError: (error: unknown) => void,
): OutputPump {
  const readables = Object.values(pipes).filter((pipe): pipe is Readable => pipe != null);
  const queue: [Buffer, OutputStream][] = [];
  let busy = false;
  let failure: { error: unknown } | undefined;
  let onIdle: (() => void) | undefined;

  const settle = (): void => {
    busy = false;
    for (const readable of readables) readable.resume();
    onIdle?.();
  };
  const fail = (error: unknown): void => {
    if (failure !== undefined) return;
    failure = { error };
    queue.length = 0;
    onSinkError(error);
  };
  const drainQueue = async (): Promise<void> => {
    try {
      for (let next = queue.shift(); next !== undefined && failure === undefined; next = queue.shift()) {
        await sink(next[0], next[1]);
      }
    } catch (error) {
      fail(error);
    }
    settle();
  };
  const receive = (chunk: Buffer, stream: OutputStream): void => {
    if (failure !== undefined) return;
    if (busy) {
      queue.push([chunk, stream]);
      return;
    }
    try {
      const pending = sink(chunk, stream);
      if (pending === undefined) return;
      busy = true;
      for (const readable of readables) readable.pause();
      pending.then(drainQueue, (error: unknown) => {
        fail(error);
        settle();
      });
    } catch (error) {
      fail(error);
    }
  };

  for (const [stream, pipe] of Object.entries(pipes) as [OutputStream, Readable | null | undefined][]) {
    pipe?.on("data", (chunk: Buffer) => receive(chunk, stream));
  }

  return {
    idle: () =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (failure !== undefined) reject(failure.error);
          else if (!busy) resolve();
          else onIdle = check;
        };
        check();
      }),
  };
}
