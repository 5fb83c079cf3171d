/**
 * Loads items `size` at a time (the loads of one group run together) and
 * yields each item with what was loaded for it, in the items' order. Memory
 * holds one group's values, however many items there are.
 */
export async function* loadedInOrder<T, V>(items: readonly T[], size: number, load: (item: T) => Promise<V>): AsyncGenerator<[T, V]> {
  for (let at = 0; at < items.length; at += size) {
    const group = items.slice(at, at + size);
    const values = await Promise.all(group.map(load));
    for (let i = 0; i < group.length; i++) yield [group[i], values[i]];
  }
}

/**
 * Runs `run` on each item, `size` at a time, taking items from the iterable
 * only as a run finishes, so items made on demand (a generator, or an async
 * one) are never all in memory at once. Each item comes with its position.
 * The first failure stops the taking of further items and is thrown.
 */
export async function eachAtOnce<T>(items: Iterable<T> | AsyncIterable<T>, size: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let taken = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      // Positions are given as items are asked for: an async generator answers in the order it was asked.
      const index = taken++;
      const next = await iterator.next();
      if (next.done || stopped) return;
      try {
        await run(next.value, index);
      } catch (error) {
        stopped = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}
