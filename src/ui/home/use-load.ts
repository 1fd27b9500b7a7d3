import { useCallback, useEffect, useState } from 'react';
import type { WireError } from '../../protocol/errors';
import type { ExtensionRequest, ExtensionRequestType, ReplyOf } from '../../protocol/messages/index';
import { useRequest } from './background-context';

/** Loads one reply from the background when mounted (and on `reload()`), with its error in words. */
export function useLoad<T extends ExtensionRequestType>(message: Extract<ExtensionRequest, { type: T }>, key = '') {
  const request = useRequest();
  const [data, setData] = useState<ReplyOf<T> | undefined>();
  const [error, setError] = useState<WireError | undefined>();
  const [round, setRound] = useState(0);
  const text = JSON.stringify(message);
  useEffect(() => {
    let live = true;
    void request(JSON.parse(text) as Extract<ExtensionRequest, { type: T }>).then((result) => {
      if (!live) return;
      if (result.ok) {
        setData(result.data);
        setError(undefined);
      } else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [request, text, round, key]);
  return { data, error, reload: useCallback(() => setRound((r) => r + 1), []), setData };
}
