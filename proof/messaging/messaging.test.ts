import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleOf } from './examples';
import { check, messages, oracle } from './fuzz';
import { routerWorld } from './router-world';
import { messagingReport } from './suite';

/**
 * Message fuzzing in CI: the seeded run the report prints, and the same invariants as a fast-check property with a
 * fresh seed each run (a failure shrinks to the smallest message that breaks one).
 */
describe('message fuzzing of the extension channels', () => {
  it('the oracle lets a valid message through and refuses the same message from the wrong sender', () => {
    const world = routerWorld();
    const status = exampleOf(world.schemaOf('home.status')!)!;
    expect(
      oracle(world, { message: status, sender: { kind: 'extension-page', origin: 'chrome-extension://x' } }).accepted,
    ).toBe(true);
    expect(
      oracle(world, { message: status, sender: { kind: 'content-script', origin: 'https://example.org', tabId: 1 } })
        .accepted,
    ).toBe(false);
    expect(
      oracle(world, {
        message: { type: 'page.relay', method: 'home.status' },
        sender: { kind: 'content-script', origin: 'https://example.org', tabId: 1 },
      }).accepted,
    ).toBe(false);
    expect(
      oracle(world, {
        message: { type: 'page.relay', method: 'home_ping' },
        sender: { kind: 'content-script', origin: 'https://example.org', tabId: 1 },
      }).accepted,
    ).toBe(false);
    expect(
      oracle(world, {
        message: { type: 'page.relay', method: 'home_ping' },
        sender: { kind: 'content-script', origin: 'http://127.0.0.1:5173', tabId: 1 },
      }).accepted,
    ).toBe(true);
  });

  it('meets its targets on the seeded run', { timeout: 120_000 }, async () => {
    const report = await messagingReport({ runs: 3000 });
    expect(report.worst).toEqual([]);
    expect(report.targets.filter((t) => !t.met)).toEqual([]);
  });

  it(
    'holds as a property: no crash, a WireError for every refusal, a handler only for what the protocol admits',
    { timeout: 120_000 },
    async () => {
      const world = routerWorld();
      await fc.assert(
        fc.asyncProperty(messages(world).arbitrary, async (sent) => {
          const r = await check(world, sent);
          expect(r.crash).toBeUndefined();
          expect(r.violation).toBeUndefined();
        }),
        { numRuns: 1500 },
      );
    },
  );
});
