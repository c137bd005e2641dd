// Deterministic varied bytes for the spill's tests (a linear congruential generator's high bytes).

/** `size` bytes that depend only on `seed`. */
export function sample(seed: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}
