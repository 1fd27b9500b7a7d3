import type { Api } from './api';
import { grantAskAsMe } from './home-agent';

/**
 * "Let HeartCoach ask my agent": the person grants HeartCoach an ask-as-me wire in their own Home Agent popup (the
 * page's origin, HeartCoach's agent, ask — never act — and the expiry), then the page registers the signed wire with
 * the gateway, which verifies it before it will sign any caller assertion for it.
 */
export async function grantWire(api: Api, days = 30): Promise<{ wire: string; expiresAt: string }> {
  const granted = await grantAskAsMe(days);
  return api.post<{ registered: true; wire: string; expiresAt: string }>('/ask-me/wire', { wire: granted.wire });
}
