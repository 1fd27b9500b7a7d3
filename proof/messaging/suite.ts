import fc from 'fast-check';
import { listenForMessages, type MessageEvent } from '../../src/messaging/listen';
import type { RuntimeSender } from '../../src/messaging/sender';
import { WireReply } from '../../src/protocol/messages/index';
import type { Result } from '../../src/protocol/errors';
import { pct, type ProofSuite, type SuiteReport } from '../report';
import { check, messages } from './fuzz';
import { routerWorld } from './router-world';

/**
 * Message fuzzing of every extension channel, seeded so a run can be repeated: the router with its real
 * handlers, then the listener that classifies the browser's sender record (foreign extensions, unknown frames,
 * pages posing as extension pages) before the router sees anything.
 */
const SELF = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };

export async function messagingReport(options: { runs?: number; seed?: number } = {}): Promise<SuiteReport> {
  const runs = options.runs ?? 4000;
  const seed = options.seed ?? 20260929;
  const world = routerWorld();
  const { arbitrary, noExample } = messages(world);
  const tally = { sent: 0, ran: 0, refused: 0, crashes: [] as string[], violations: [] as string[] };
  const bySender: Record<string, { sent: number; ran: number; refused: number }> = {};
  for (const sent of fc.sample(arbitrary, { numRuns: runs, seed })) {
    const kind =
      (sent.message as { type?: unknown } | null)?.type === 'page.relay' && sent.sender.kind === 'content-script'
        ? 'page (relayed)'
        : sent.sender.kind;
    const row = (bySender[kind] ??= { sent: 0, ran: 0, refused: 0 });
    const r = await check(world, sent);
    const count = (key: 'sent' | 'ran' | 'refused') => {
      tally[key]++;
      row[key]++;
    };
    count('sent');
    if (r.ran) count('ran');
    if (r.refused && !r.ran) count('refused');
    if (r.crash !== undefined) tally.crashes.push(r.crash);
    if (r.violation !== undefined) tally.violations.push(r.violation);
  }

  // The listener: random sender records and messages; every answered message gets a WireReply, nothing throws.
  const listener = { runs: 0, answered: 0, bad: [] as string[] };
  let handler: Parameters<MessageEvent['addListener']>[0] | undefined;
  listenForMessages({ addListener: (l) => void (handler = l) }, world.router, SELF);
  const senderArb = fc.record(
    {
      id: fc.constantFrom(SELF.id, 'another-extension-id', ''),
      url: fc.constantFrom(
        `${SELF.origin}/sidepanel.html`,
        'https://example.org/page',
        'about:blank',
        'not a url',
        `${SELF.origin}/../x`,
      ),
      origin: fc.constantFrom(SELF.origin, 'https://example.org', 'null'),
      frameId: fc.nat(3),
      tab: fc.record(
        { id: fc.nat(50), url: fc.constantFrom('https://example.org/', 'chrome://settings') },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<RuntimeSender>;
  for (const [message, sender] of fc.sample(
    fc.tuple(
      fc.oneof(
        arbitrary.map((s) => s.message),
        fc.anything({ maxDepth: 2 }),
      ),
      senderArb,
    ),
    { numRuns: Math.floor(runs / 4), seed: seed + 1 },
  )) {
    listener.runs++;
    try {
      const reply = await new Promise<Result<unknown> | 'unanswered'>((resolve) => {
        const open = handler!(message, sender, (r) => resolve(r));
        if (open === undefined) setTimeout(() => resolve('unanswered'), 0);
      });
      if (reply === 'unanswered') continue;
      listener.answered++;
      if (!WireReply.safeParse(reply).success) listener.bad.push(`not a WireReply for ${JSON.stringify(sender)}`);
    } catch (error) {
      listener.bad.push(`threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    id: 'messaging',
    title: `Message fuzzing of the extension channels (fast-check, seed ${seed})`,
    tables: [
      {
        title: 'Router (real handlers, spied dependencies)',
        head: ['sender', 'messages', 'refused before any handler (WireError)', 'handler ran'],
        rows: [
          ...Object.entries(bySender).map(([k, v]) => [k, v.sent, v.refused, v.ran]),
          ['all', tally.sent, tally.refused, tally.ran],
        ],
      },
      {
        title: 'Invariants',
        head: ['check', 'count'],
        rows: [
          ['crashes (the router threw)', tally.crashes.length],
          [
            'refusals not a WireError, handler runs the protocol refuses, valid messages refused, dependencies reached without a handler',
            tally.violations.length,
          ],
          ['listener: sender records and messages tried / answered', `${listener.runs} / ${listener.answered}`],
          ['listener: a reply that is not a WireReply, or a throw', listener.bad.length],
          [
            'message types with a valid example exercised',
            `${world.registry.types().length - noExample.length} of ${world.registry.types().length}`,
          ],
        ],
      },
    ],
    targets: [
      {
        name: 'no crash',
        figure: `${tally.crashes.length + listener.bad.filter((b) => b.startsWith('threw')).length}`,
        met: tally.crashes.length === 0 && !listener.bad.some((b) => b.startsWith('threw')),
      },
      {
        name: 'a WireError every time a message is refused, never a handler run for a refused one',
        figure: `${tally.violations.length + listener.bad.length} violations in ${tally.sent + listener.runs} messages (${pct(tally.refused, tally.sent)} refused before a handler)`,
        met: tally.violations.length === 0 && listener.bad.length === 0,
      },
    ],
    worst: [
      ...tally.crashes.slice(0, 5).map((c) => `crash: ${c}`),
      ...tally.violations.slice(0, 5),
      ...listener.bad.slice(0, 5),
    ],
    notes:
      noExample.length > 0
        ? [`no valid example was found for ${noExample.join(', ')}: only their refusals were exercised`]
        : [],
  };
}

export const messagingSuite: ProofSuite = { id: 'messaging', title: 'Message fuzzing', run: () => messagingReport() };
