import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Result, WireError } from '../../protocol/errors';
import type { ExtensionRequest, ExtensionRequestType, ReplyOf } from '../../protocol/messages/index';

/** Sends one checked request to the background (src/messaging/client.ts `requestBackground`, bound to the runtime). */
export type Request = <T extends ExtensionRequestType>(
  message: Extract<ExtensionRequest, { type: T }>,
) => Promise<Result<ReplyOf<T>>>;

const BackgroundContext = createContext<Request | undefined>(undefined);

/** Gives every Home component the way to reach the background; the entry point binds it to the browser runtime. */
export function BackgroundProvider({ request, children }: { request: Request; children: ReactNode }) {
  return <BackgroundContext.Provider value={request}>{children}</BackgroundContext.Provider>;
}

/** The background, where a face provides it (the overlay does not: it reads nothing from the vault). */
export function useOptionalRequest(): Request | undefined {
  return useContext(BackgroundContext);
}

export function useRequest(): Request {
  const request = useContext(BackgroundContext);
  if (request === undefined) throw new Error('A Home component was rendered outside BackgroundProvider.');
  return request;
}

/**
 * One action against the background with its state: `busy` while it runs (the button shows progress), `error` in
 * words where the person is looking, and `run(message)` resolving to the data or undefined on refusal.
 */
export function useAction() {
  const request = useRequest();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | undefined>();
  const run = useCallback(
    async <T extends ExtensionRequestType>(
      message: Extract<ExtensionRequest, { type: T }>,
    ): Promise<ReplyOf<T> | undefined> => {
      setBusy(true);
      setError(undefined);
      const result = await request(message);
      setBusy(false);
      if (result.ok) return result.data;
      setError(result.error);
      return undefined;
    },
    [request],
  );
  return { busy, error, setError, run };
}

/** An error in words, announced where the person is looking. */
export function ErrorText({ error }: { error: WireError | undefined }) {
  if (error === undefined) return null;
  return (
    <p role="alert" className="ha-error">
      {error.message}
    </p>
  );
}
