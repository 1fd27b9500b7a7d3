import type { Address, Hex } from 'viem';
import { demoApproval } from '../src/agent/approvals';
import type { HomeAgent } from '../src/agent/index';
import { runStateOf } from '../src/agent/runs';
import type { Supplied } from '../src/protocol/ask';
import { HomeError, toWireError, type Result } from '../src/protocol/errors';
import type { AskResponse } from '../src/protocol/harness-reply';
import packageJson from '../package.json';
import { parseArgs, USAGE, type Command, type ResumeAct } from './args';
import { confirmTyped } from './confirm';
import { calibrationFromFile, openCliHome, type CliHome } from './home-file';
import type { Door } from './next-command';
import { nextCommand } from './next-command';
import { renderPending, renderRequirement, renderResult } from './render';
import { serveA2A } from './serve';

/**
 * `npm run ask`: the command-line door — the same composition root as the background worker, over a vault
 * file, for scripting and testing without a browser. See USAGE (cli/args.ts) for the commands and exit codes.
 * Started by cli/ask.ts.
 */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
type Out = { json: boolean; print(text: string, data: unknown): void };

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { command, options } = parseArgs(argv);
  if (command.kind === 'help') return (void process.stdout.write(`${USAGE}\n`), 0);
  if (command.kind === 'version') return (void process.stdout.write(`Home Agent ${packageJson.version}\n`), 0);
  const out: Out = {
    json: options.json,
    print: (text, data) => void process.stdout.write(`${options.json ? JSON.stringify(data, null, 2) : text}\n`),
  };
  const calibration = await calibrationFromFile(options.calibration, env, (line) => process.stderr.write(`${line}\n`));
  if (command.kind === 'serve') {
    const serving = await serveA2A({
      port: command.port,
      openHome: () => openCliHome(options.vault, env, 'existing', calibration),
    });
    process.stdout.write(`Your agent answers A2A at ${serving.url} (Ctrl-C stops it).\n`);
    return new Promise<number>(() => undefined);
  }
  const home = await openCliHome(options.vault, env, command.kind === 'init-demo' ? 'create' : 'existing', calibration);
  try {
    return await run(home, command, out, options.yes, { vault: options.vault });
  } finally {
    await home.save();
  }
}

async function run(
  home: CliHome,
  command: Exclude<Command, { kind: 'help' | 'version' | 'serve' }>,
  out: Out,
  yes: boolean,
  door: Door,
): Promise<number> {
  const { agent } = home;
  switch (command.kind) {
    case 'init-demo': {
      const owner = await agent.owner();
      out.print(
        `Created Alice's demo Home at ${door.vault}: her Smart Agent ${owner} holds 1000 test USDC; Missio Nexus and both “thompson” organizations are hers to steward.\nTry: ${nextCommand(door, "Who's in Missio Nexus right now?")}`,
        { ok: true, vault: door.vault, owner },
      );
      return 0;
    }
    case 'ask': {
      if (command.as !== undefined && !ADDRESS.test(command.as))
        throw new HomeError('USAGE', '--as takes an 0x address.');
      return reply(
        out,
        door,
        await agent.ask({
          message: command.message,
          surface: 'cli',
          ...(command.to !== undefined ? { addressee: command.to as Address } : {}),
          ...(command.as !== undefined ? { asker: command.as as Address } : {}),
        }),
      );
    }
    case 'pending': {
      const runs = await agent.pending();
      out.print(renderPending(runs, door), runs);
      return 0;
    }
    case 'revoke': {
      if (!/^0x[0-9a-fA-F]{64}$/.test(command.hash)) throw new HomeError('USAGE', '--revoke takes a 32-byte 0x hash.');
      await confirmTyped('revoke', `Revoke ${command.hash} on chain? Every later use will be refused.`, { yes });
      const revoked = await agent.revoke(command.hash as Hex);
      out.print(
        revoked.alreadyRevoked
          ? `That ${revoked.kind} was already revoked.`
          : `Revoked the ${revoked.kind} on chain (transaction ${revoked.transactionHash}).`,
        { ok: true, ...revoked },
      );
      return 0;
    }
    case 'resume':
      return resume(agent, command.runRef, command.act, { out, yes, door, home });
  }
}

async function resume(
  agent: HomeAgent,
  runRef: string,
  act: ResumeAct,
  { out, yes, door, home }: { out: Out; yes: boolean; door: Door; home: CliHome },
): Promise<number> {
  if (act.kind === 'continue') return reply(out, door, await agent.resume({ runRef, surface: 'cli' }));
  if (act.kind === 'decline')
    return reply(
      out,
      door,
      await agent.decline({ runRef, surface: 'cli', ...(act.reason !== undefined ? { reason: act.reason } : {}) }),
    );
  if (act.kind === 'sign') {
    // The later steps from the same account (alsoApprove) are shown with it and signed in the same sitting.
    const { requirement, also } = await agent.requirements(runRef);
    if (!out.json) process.stderr.write(`${[requirement, ...also].map((r) => renderRequirement(r)).join('\n\n')}\n`);
    await confirmTyped(
      'sign',
      also.length === 0
        ? 'Sign this mandate with your key?'
        : `Sign these ${also.length + 1} mandates (one per step) with your key?`,
      { yes },
    );
    const { signed, response } = await agent.sign({
      runRef,
      surface: 'cli',
      expect: requirement.bindingDigest,
      ...(also.length > 0 ? { alsoExpect: also.map((r) => r.bindingDigest) } : {}),
    });
    if (!out.json)
      process.stderr.write(
        `Signed mandate ${[signed.mandateHash, ...signed.also.map((a) => a.mandateHash)].join(', ')}.\n`,
      );
    return reply(out, door, response, { mandateHash: signed.mandateHash });
  }
  const pending = (await runStateOf(agent, runRef)).pending;
  let supplied: Supplied;
  if (act.kind === 'choose') {
    if (pending === null || pending.kind !== 'choice')
      throw new HomeError('NOT_A_CHOICE', 'That run is not waiting for a choice.');
    const option = pending.options[act.index - 1];
    if (option === undefined)
      throw new HomeError('NOT_AN_OPTION', `Choose a number from 1 to ${pending.options.length}.`);
    supplied = { kind: 'choice', resumeToken: pending.resumeToken, choice: option.value };
  } else if (act.kind === 'answer') {
    if (pending === null || pending.kind !== 'data')
      throw new HomeError('NOT_A_QUESTION', 'That run is not waiting for an answer.');
    supplied = {
      kind: 'answer',
      resumeToken: pending.resumeToken,
      values: answerValues(
        act.values,
        pending.fields.map((f) => f.arg),
      ),
    };
  } else {
    if (pending === null || pending.kind !== 'approval')
      throw new HomeError('NOT_AWAITING_APPROVAL', 'That run is not waiting for a co-signer.');
    // Demo only: the co-signer's own Home signs with their (public, demo) key — this Home never signs for them.
    supplied = await demoApproval(home.agent.parts.chain, {
      approver: act.person,
      approvalDigest: pending.approvalDigest,
      resumeToken: pending.resumeToken,
    });
  }
  return reply(out, door, await agent.resume({ runRef, surface: 'cli', supplied: [supplied] }));
}

/** `--answer TEXT` for a one-field prompt; `--answer arg=TEXT` (repeatable) names each field. */
function answerValues(given: readonly string[], fields: readonly string[]): Record<string, string> {
  if (given.length === 1 && fields.length === 1 && !given[0]!.startsWith(`${fields[0]}=`))
    return { [fields[0]!]: given[0]! };
  const values: Record<string, string> = {};
  for (const g of given) {
    const at = g.indexOf('=');
    const arg = at > 0 ? g.slice(0, at) : '';
    if (!fields.includes(arg)) throw new HomeError('USAGE', `Answer as FIELD=TEXT for each of: ${fields.join(', ')}.`);
    values[arg] = g.slice(at + 1);
  }
  return values;
}

function reply(out: Out, door: Door, result: Result<AskResponse>, signed?: { mandateHash: Hex }): number {
  out.print(renderResult(result, door), signed === undefined ? result : { ...result, signed });
  if (!result.ok) return 2;
  return result.data.reply.kind === 'refused' ? 3 : 0;
}

/** Runs one command and exits with its code; an error is printed in words on stderr. */
export function runAndExit(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<never> {
  return main(argv, env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const wire = toWireError(error);
      if (wire.code === 'INTERNAL') console.error(error);
      process.stderr.write(`${wire.code}: ${wire.message}\n`);
      process.exit(wire.code === 'USAGE' ? 64 : 1);
    },
  );
}
