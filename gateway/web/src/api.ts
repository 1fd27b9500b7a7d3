import { IntentQueue } from './intents';

/**
 * The page's client of its own gateway: the session (an access JWT and a refresh token kept in this tab's
 * sessionStorage), reads through the intent queue, Asks at once. A 401 refreshes the session once and retries; a
 * refusal comes back as a PageError with the gateway's code and sentence, shown to the person as it is.
 */
export type Subject = { address: string; name: string };
export type Session = { accessToken: string; refreshToken: string; subject: Subject; expiresAt: number };
export class PageError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const KEY = 'heartcoach.session';

export const sessions = {
  load(): Session | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw === null ? null : (JSON.parse(raw) as Session);
    } catch {
      return null;
    }
  },
  save(session: Session | null): void {
    if (session === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(session));
  },
};

/** The gateway's token response, in RFC 6749's names. */
type Issued = { access_token: string; refresh_token: string; expires_in: number; subject: Subject };
const toSession = (issued: Issued): Session => ({
  accessToken: issued.access_token,
  refreshToken: issued.refresh_token,
  subject: issued.subject,
  expiresAt: Date.now() + issued.expires_in * 1000,
});

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    throw new PageError(
      'not_json',
      `HeartCoach answered with something that is not JSON (HTTP ${response.status}).`,
      response.status,
    );
  }
}

/** A refusal in words: a plain route's problem document (RFC 9457), or an A2A call's JSON-RPC error. */
function refusal(body: unknown, status: number): PageError {
  const problem = body as { detail?: unknown; code?: unknown; status?: unknown } | null;
  if (typeof problem?.detail === 'string')
    return new PageError(
      typeof problem.code === 'string' ? problem.code : 'refused',
      problem.detail,
      typeof problem.status === 'number' ? problem.status : status,
    );
  const error = (
    body as { error?: { code?: unknown; message?: unknown; data?: { code?: unknown; status?: unknown } } } | null
  )?.error;
  const code =
    typeof error?.data?.code === 'string' ? error.data.code : typeof error?.code === 'string' ? error.code : 'refused';
  const message = typeof error?.message === 'string' ? error.message : `HeartCoach refused (HTTP ${status}).`;
  return new PageError(code, message, typeof error?.data?.status === 'number' ? error.data.status : status);
}

export class Api {
  readonly queue = new IntentQueue(1);
  private refreshing: Promise<boolean> | null = null;

  constructor(private readonly onSignedOut: () => void) {}

  get session(): Session | null {
    return sessions.load();
  }

  /** Exchanges a SIWE message signed by the person's agent for a session. */
  async signIn(message: string, signature: string): Promise<Session> {
    const res = await fetch('/auth/siwe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    });
    const body = await json(res);
    if (!res.ok) throw refusal(body, res.status);
    const session = toSession(body as Issued);
    sessions.save(session);
    return session;
  }

  async nonce(): Promise<string> {
    const res = await fetch('/auth/nonce');
    const body = (await json(res)) as { nonce?: string };
    if (!res.ok || typeof body.nonce !== 'string') throw refusal(body, res.status);
    return body.nonce;
  }

  async signOut(): Promise<void> {
    const session = sessions.load();
    sessions.save(null);
    if (session !== null)
      await fetch('/auth/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: session.refreshToken, token_type_hint: 'refresh_token' }),
      }).catch(() => undefined);
  }

  /** A screen's read, queued. */
  read<T>(path: string): Promise<T> {
    return this.queue.read(() => this.call<T>('GET', path));
  }

  /** A write that is not an Ask (registering a wire), queued like a read. */
  post<T>(path: string, body: unknown): Promise<T> {
    return this.queue.read(() => this.call<T>('POST', path, body));
  }

  /** An Ask: one A2A message/send (the seed's screen speaks v0.3), at once, ahead of every queued read. */
  ask<T>(text: string, metadata: Record<string, string>): Promise<T> {
    return this.queue.priority(async () => {
      const id = crypto.randomUUID();
      const envelope = {
        jsonrpc: '2.0',
        id,
        method: 'message/send',
        params: {
          message: {
            role: 'user',
            messageId: id,
            parts: [{ kind: 'text', text }],
            metadata: { ...metadata, message: text },
          },
        },
      };
      type Parts = Array<{ data?: unknown }>;
      const body = await this.call<{
        result?: { parts?: Parts; artifacts?: Array<{ parts?: Parts }>; status?: { message?: { parts?: Parts } } };
        error?: unknown;
      }>('POST', '/a2a', envelope);
      if (body.error !== undefined) throw refusal(body, 200);
      // The answer is the consultation task's artifact (A2A 0.3 `kind: 'task'`), or a bare message's part.
      const parts = [
        ...(body.result?.artifacts ?? []).flatMap((a) => a.parts ?? []),
        ...(body.result?.status?.message?.parts ?? []),
        ...(body.result?.parts ?? []),
      ];
      const data = parts.find((p) => p.data !== undefined)?.data;
      if (data === undefined) throw new PageError('no_answer', 'HeartCoach answered without an answer.', 502);
      return data as T;
    });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<T> {
    const session = sessions.load();
    if (session === null) throw new PageError('signed_out', 'Connect with Home Agent first.', 401);
    const res = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = await json(res);
    if (res.status === 401 && !retried && (await this.refresh())) return this.call<T>(method, path, body, true);
    if (res.status === 401) {
      sessions.save(null);
      this.onSignedOut();
      throw refusal(parsed, 401);
    }
    if (!res.ok) throw refusal(parsed, res.status);
    return parsed as T;
  }

  /** One refresh at a time, however many calls saw the 401. */
  private refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      const session = sessions.load();
      if (session === null) return false;
      const res = await fetch('/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: session.refreshToken }),
      });
      if (!res.ok) return false;
      sessions.save(toSession((await json(res)) as Issued));
      return true;
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }
}
