import type { AskAsMeCredential } from '../../protocol/ask';
import type { OntologyView } from './ontology-view';
import type { Address, Ports } from './ports';
import type { OutsideAgents } from './outside-agent';
import type { Specialists } from './specialist';
import type { HarnessSettings } from './settings';
import type { PlaybookCache } from '../playbook/playbook-scope';
import type { AskControls } from './turn-controls';
import type { ReadScope } from './read-scope';
import type { RoomsPort } from './rooms';

/**
 * What every stage receives (STYLE: `stage(ctx, input)`): the ports, the ontology it reads, the estate's settings
 * and the harness instance's caches. Nothing else: no globals, no clock but `ctx.clock`, no ids but `ctx.ids`.
 */
export type HarnessContext = Ports & {
  ontology: OntologyView;
  settings: HarnessSettings;
  caches: { playbooks: PlaybookCache };
  /** The outside agents' executors the composition root registered (./outside-agent.ts). */
  outsideAgents: OutsideAgents;
  /** The specialists steps may be handed to (./specialist.ts), registered by the composition root. */
  specialists: Specialists;
  /** The rooms a step may be routed to (./rooms.ts); null: this harness routes nothing. */
  rooms: RoomsPort | null;
  /** This turn's controls from the door (streamed text, a stop signal); absent when the door passed none. */
  turn?: AskControls;
  /** An ask-as-me run's read scope (../doors/read-scope.ts): what the app may have answered; absent for a session. */
  readScope?: ReadScope;
};

/**
 * The doors (DESIGN §10 "Doors and permissions"): the person's own session — the side panel, the overlay, the
 * command line with the unlocked key — and ask-as-me through the page provider; and, between agents of one Home, the
 * routed door: a step the person's own agent routed here, with its forwarded credential (../doors/routed.ts).
 */
export type Door =
  | { kind: 'session'; asker: Address }
  | {
      kind: 'ask-as-me';
      origin: string;
      credential: AskAsMeCredential;
      /** The app's name, as its card at `origin` says (the composition root read it); for the person's words only. */
      app?: string;
    }
  | { kind: 'routed'; body: unknown; credential: unknown; signature: unknown };
