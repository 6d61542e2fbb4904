/**
 * Memoises a pure function of a string in a bounded map: the oldest entries go first once `max` is
 * reached. For hot-path parsing whose inputs repeat a lot (user agents: a few hundred strings make
 * up most traffic).
 */
export function memoByString<T>(fn: (key: string) => T, max = 5000): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined && !cache.has(key)) {
      value = fn(key);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(key, value);
    }
    return value as T;
  };
}
