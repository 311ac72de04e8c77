// One call per key at a time: whoever asks while it runs gets the same promise, and the key is free
// again once it settles. Record checks (one per VIN), purchase checks (one per intent) and the
// account's refresh use it, so a burst of asks never becomes a burst of requests.

/** A sharer: `share(key, start)` starts the call only when none for `key` is running. */
export function sharedCalls<T>(): (key: string, start: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, start) => {
    const current = running.get(key);
    if (current) return current;
    const call = start();
    running.set(key, call);
    const forget = () => running.delete(key);
    call.then(forget, forget);
    return call;
  };
}
