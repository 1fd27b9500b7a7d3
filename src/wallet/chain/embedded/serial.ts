/**
 * A one-at-a-time lane: the EVM's state manager keeps one checkpoint stack, so a call interleaved with a mined
 * transaction would revert the wrong changes. Every provider request runs through one lane.
 */
export function createSerialLane(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
