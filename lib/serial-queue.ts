// Runs async read-modify-write steps one after another, so two of them never overwrite each
// other's result (two record checks finishing together must both reach the ledger).

/** A queue: each call waits for the previous one to finish, whether it succeeded or not. */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>): Promise<T> => {
    const run = tail.then(step, step);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}
