import { HomeError, fail, type Result } from '../../protocol/errors';

/**
 * Stops waiting for a reply when the person presses Stop. The background's work is not undone — a run that acted
 * keeps its receipt — but the face stops waiting and says so.
 */
export function abortable<T>(work: Promise<Result<T>>, signal: AbortSignal): Promise<Result<T>> {
  if (signal.aborted) return Promise.resolve(fail(new HomeError('STOPPED', 'You stopped waiting for this reply.')));
  return Promise.race([
    work,
    new Promise<Result<T>>((resolve) =>
      signal.addEventListener(
        'abort',
        () => resolve(fail(new HomeError('STOPPED', 'You stopped waiting for this reply.'))),
        { once: true },
      ),
    ),
  ]);
}
