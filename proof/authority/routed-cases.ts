import { routedHome, type RoutedHome } from '../../src/agent/testing/routed-home';
import { GENERATED_ONTOLOGY } from '../../src/harness';
import { controlHarness } from '../../src/harness/testing/control-run';
import type { AskRequest } from '../../src/protocol/ask';

/**
 * The routed-door cases: a step routed to the Missio Nexus agent ("invite david to Missio Nexus", as Alice's agent
 * routes it) presented at the room's routed door with a forwarded credential for another addressee, for another
 * audience, spent a second time, or signed by someone other than the router — over the real parts (the composition
 * root on the Dexie vault and the embedded EVM). A case passes when the door refuses it and no room run begins; the
 * control (the same presentation to the control harness, PROOF.md, whose routed door checks nothing) is let in,
 * and carries the invite out, which shows each refusal is what stops it.
 */
export type RoutedOutcome = { code: string; refused: boolean; acted: boolean; control: string; bites: boolean };

type Presentation = Awaited<ReturnType<RoutedHome['routedDoor']>>;

export const ROUTED_CASES: {
  id: string;
  title: string;
  door: (h: RoutedHome, request: AskRequest) => Promise<Presentation>;
  twice?: true;
}[] = [
  {
    id: 'routed-other-addressee',
    title: 'a routed step whose credential is addressed to neither the asker’s agent nor the routing room',
    door: (h, r) => h.routedDoor(r, { credential: { addressee: h.who.bob } }),
  },
  {
    id: 'routed-other-audience',
    title: 'a routed step whose credential is for another deployment',
    door: (h, r) => h.routedDoor(r, { credential: { audience: 'home-agent:zone:other' } }),
  },
  {
    id: 'routed-spent-twice',
    title: 'a routed step presented a second time with the same credential',
    door: (h, r) => h.routedDoor(r),
    twice: true,
  },
  {
    id: 'routed-forged',
    title: 'a routed step whose credential someone other than the router signed',
    door: (h, r) => h.routedDoor(r, { signer: 'bob' }),
  },
];

export async function routedOutcomes(): Promise<Record<string, RoutedOutcome>> {
  const out: Record<string, RoutedOutcome> = {};
  for (const c of ROUTED_CASES) {
    // A Home of its own per case, so each control run starts from the same vault (david not yet a member).
    const h = await routedHome();
    const request: AskRequest = {
      addressee: h.who.missio,
      message: 'invite david to Missio Nexus',
      surface: 'sidepanel',
    };
    const control = controlHarness(h.agent().ports, { ontology: GENERATED_ONTOLOGY });
    const roomRuns = async () => (await h.parts.vault.runs.list('awaiting')).rows.length;
    const door = await c.door(h, request);
    if (c.twice === true) await h.agent().harness.ask(request, door);
    const before = await roomRuns();
    const guarded = await h.agent().harness.ask(request, door);
    const acted = guarded.ok || (await roomRuns()) !== before;
    const letIn = await control.ask(request, door);
    out[c.id] = {
      code: guarded.ok ? `let in: ${guarded.data.reply.kind}` : guarded.error.code,
      refused: !guarded.ok,
      acted,
      control: letIn.ok ? `let in: ${letIn.data.reply.kind}` : letIn.error.code,
      bites: letIn.ok,
    };
  }
  return out;
}
