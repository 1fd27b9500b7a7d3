/**
 * The page's side of `window.homeAgent` (DESIGN §10 "Doors and permissions"): the only door from this page to the
 * person's agent. Without a wire the page may only ping, connect (the person sees a popup and signs in) and ask for a
 * grant; with a wire it may ask as the person. Every call the person must approve opens their own popup; the page
 * never sees a key, and what it gets back is what the person signed.
 */
type Provider = { readonly isHomeAgent: true; request(args: { method: string; params?: unknown }): Promise<unknown> };

export type Connected = {
  address: string;
  message: string;
  signature: string;
  connected: { folders: string[]; grantHash: string } | null;
};
export type GrantedWire = { hash: string; wire: Record<string, unknown>; expiresAt: string };
export type AgentReply = { ok: true; addressee: string; runRef: string; resumable: boolean; reply: AgentReplyBody };
export type AgentReplyBody =
  | { kind: 'answer'; text: string; attributions?: { source: string; text: string }[] }
  | { kind: 'done'; result: { text: string }; receipts: unknown[] }
  | { kind: 'authority_required'; summary: string; grantLink: string }
  | { kind: 'prompt'; prompt: { text: string } }
  | { kind: 'waiting'; text: string }
  | { kind: 'refused'; error: { code: string; message: string } };
/** How window.homeAgent rejects (EIP-1193): a numeric code, the sentence, and Home Agent's own code in `data.code`. */
export type HomeAgentError = Error & { code?: number; data?: { code: string; message: string } };

export function homeAgent(): Provider | null {
  const candidate = (window as unknown as { homeAgent?: Provider }).homeAgent;
  return candidate !== undefined && candidate.isHomeAgent === true ? candidate : null;
}

/** The bridge installs itself at document_start; a short wait covers a slow start without spinning forever. */
export async function waitForHomeAgent(ms = 500): Promise<Provider | null> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = homeAgent();
    if (found !== null) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return homeAgent();
}

function need(): Provider {
  const provider = homeAgent();
  if (provider === null)
    throw Object.assign(new Error('Home Agent is not installed in this browser, so there is no agent to connect.'), {
      code: 4900,
      data: { code: 'NO_HOME_AGENT', message: 'Home Agent is not installed in this browser.' },
    });
  return provider;
}

/** Sign in to this page (and, with `folders`, connect HeartCoach to the person's agent): one popup. */
export const connect = (nonce: string, folders?: string[]): Promise<Connected> =>
  need().request({
    method: 'home_connect',
    params: { nonce, ...(folders === undefined ? {} : { folders }) },
  }) as Promise<Connected>;

/** Ask the person for an ask-as-me wire: ask, never act, until the expiry they see. */
export const grantAskAsMe = (days: number): Promise<GrantedWire> =>
  need().request({ method: 'home_grantAskAsMe', params: { days } }) as Promise<GrantedWire>;

/** Ask the person's agent as the person, with the wire and HeartCoach's caller assertion. */
export const askAsMe = (request: unknown, credential: unknown): Promise<AgentReply> =>
  need().request({ method: 'home_ask', params: { request, credential } }) as Promise<AgentReply>;
