/**
 * What an app asking as the person may have answered (signed in its wire): the folders of its cabinet grant and the
 * kinds of record the person ticked. The door that enforces it is ../doors/read-scope.ts.
 */
export type ReadScope = {
  /** The app's name as its card says (or its origin), for the words of a refusal. */
  app: string;
  origin: string;
  folders: readonly string[];
  kinds: readonly string[];
};
