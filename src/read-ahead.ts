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
