/**
 * lazyIndex: a ReadonlyMap from names to indices that is built on first use. buildLinearGraph's branch index
 * (branch id → branch) is read by later stages for a few output and element lookups; at 10^6 branches building
 * the hash map costs about as much as the whole normal tree, so it is built only when someone asks.
 * The result is the same map, only later; it holds no other state.
 */
export function lazyIndex(names: () => readonly string[]): ReadonlyMap<string, number> {
  let built: Map<string, number> | undefined;
  const map = (): Map<string, number> => {
    if (built === undefined) {
      built = new Map();
      const list = names();
      for (let k = 0; k < list.length; k++) built.set(list[k], k);
    }
    return built;
  };
  return {
    get: (key) => map().get(key),
    has: (key) => map().has(key),
    get size() {
      return map().size;
    },
    forEach: (fn, thisArg) => map().forEach((v, k) => fn.call(thisArg, v, k, map())),
    entries: () => map().entries(),
    keys: () => map().keys(),
    values: () => map().values(),
    [Symbol.iterator]: () => map()[Symbol.iterator](),
  };
}
