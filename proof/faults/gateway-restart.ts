import { DEMO_NOW } from '../../gateway/testing/demo-cabinet';
import { cabinetGrantsPort } from '../../src/apps/heartcoach/cabinet-grants';
import { scriptedCoach } from '../../gateway/testing/coach-script';
import { heartcoachAgents } from '../../src/apps/heartcoach/heartcoach-agent';
import { createHomeAgent } from '../../src/agent';
import { openDemoHome } from '../../src/agent/testing/demo-home';
import { readAppCard } from '../../src/apps/heartcoach/app-card';
import { connectFromHome } from '../../src/apps/heartcoach/connect';
import { memoryConnections } from '../../src/apps/heartcoach/connections';
import { FixedClock } from '../../src/harness/testing';
import { startScriptedMessagesServer } from '../../src/testing/scripted-messages-server';
import { gatewayProcess } from './gateway-process';
import { inWords, keys } from './home';
import type { FaultRow } from './report';

/**
 * (b) The gateway restarted mid-consultation: HeartCoach's real gateway in its own process
 * (gateway-process.ts), the person's agent connected to it as the options page connects it (its own session, a
 * cabinet grant for three folders). A consultation is sent with the scripted model holding its answer; once the
 * gateway has passed it to the model, the gateway is SIGKILLed. The person's agent must say so in words and keep
 * the question; the gateway restarted on the same port and data directory, the same run resumed is answered (the
 * kept question sent again, the session still good), and the next ask succeeds.
 */
const GROUP = 'the gateway restarted mid-consultation';
const QUESTION = 'How is my week going?';
const HOLD_MS = 4_000;

async function until(test: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!test()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

export async function gatewayRestartRows(): Promise<FaultRow[]> {
  const model = await startScriptedMessagesServer({ script: scriptedCoach });
  const gw = await gatewayProcess({ modelUrl: model.url, clock: DEMO_NOW });
  try {
    await gw.start();
    const clock = new FixedClock(Date.parse(DEMO_NOW));
    const home = await openDemoHome(clock, { name: 'faults-gateway' });
    const store = memoryConnections();
    const now = () => clock.now();
    const agent = createHomeAgent({
      ...cabinetGrantsPort(home.vault),
      vault: home.vault,
      chain: home.chain,
      keys,
      clock,
      agents: heartcoachAgents({ vault: home.vault, store, now }),
    });
    const card = await readAppCard(fetch, gw.url, home.chain.chainId);
    await connectFromHome(
      { vault: home.vault, chain: async () => home.chain, keys, store, fetch, now },
      { card, folders: ['readings', 'profile', 'doses'] },
    );

    // In flight: the gateway has handed the consultation to the model, which holds its answer; then SIGKILL.
    model.setLatency(HOLD_MS);
    const sentBefore = model.requests.length;
    let runRef: string | null = null;
    const inFlight = inWords(async () => {
      const result = await agent.ask({ message: QUESTION, surface: 'sidepanel' });
      if (result.ok) runRef = result.data.runRef;
      return result;
    });
    const reached = await until(() => model.requests.length > sentBefore, 60_000);
    await gw.kill();
    const told = await inFlight;
    // Kept: the run's checkpoint is in the vault, waiting, with the person's question.
    const stored = runRef === null ? null : await home.vault.runs.load(runRef);
    const run =
      stored?.kind === 'found' && JSON.stringify(stored.run.checkpoint).includes(QUESTION)
        ? { runRef: stored.run.runRef, waitingFor: stored.run.status }
        : undefined;
    model.setLatency(0);

    const restartMs = await gw.start();
    const sentAfterRestart = model.requests.length;
    const resumed =
      run === undefined
        ? { kind: 'none', code: null, words: 'no run kept' }
        : await inWords(() => agent.resume({ runRef: run.runRef, surface: 'sidepanel' }));
    const resent = model.requests.slice(sentAfterRestart).some((r) => JSON.stringify(r.body).includes(QUESTION));
    const next = await inWords(() => agent.ask({ message: 'Log 2400 steps for today', surface: 'sidepanel' }));
    return [
      {
        group: GROUP,
        fault: `gateway SIGKILLed while the consultation was with the model${reached ? '' : ' (NOT REACHED)'}`,
        expected: 'the agent says so in words; the question is kept (a run waiting, listed)',
        observed: `${told.kind}: ${told.words.slice(0, 200)} Kept: ${run !== undefined ? `yes (${run.waitingFor})` : 'NO'}.`,
        pass: reached && told.kind === 'waiting' && /kept/i.test(told.words) && run !== undefined,
      },
      {
        group: GROUP,
        fault: `restarted on the same port and data directory (${(restartMs / 1000).toFixed(1)} s); the kept run resumed`,
        expected: 'answered: the kept question sent again, the session still accepted',
        observed: `${resumed.kind}: ${resumed.words.slice(0, 160)} The question re-sent to the model: ${resent ? 'yes' : 'NO'}.`,
        // HeartCoach's answer: nothing the person asked to file, so an answer, not done (its insight is a suggestion).
        pass: resumed.kind === 'answer' && resent,
      },
      {
        group: GROUP,
        fault: 'the next ask after the restart ("Log 2400 steps for today")',
        expected: 'done',
        observed: `${next.kind}: ${next.words.slice(0, 160)}`,
        pass: next.kind === 'done',
      },
    ];
  } finally {
    await gw.close();
    await model.close();
  }
}
