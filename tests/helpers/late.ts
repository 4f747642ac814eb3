// A suite's handle on what its beforeAll makes: kept in a constant at the top of the file
// (or of a describe), and read through when a test uses it.

/** Stands for `get()`'s answer: every property is read from it when used, and throws before it is there. */
export function late<T extends object>(get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      if (!target) throw new Error('used before the suite started it');
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
