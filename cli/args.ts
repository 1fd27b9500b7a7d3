import { HomeError } from '../src/protocol/errors';
import { DEMO_PEOPLE, type DemoPersonId } from '../src/protocol/demo-identities';

/**
 * The command line's words: one command per invocation, parsed strictly — an unknown flag, a missing
 * value or two commands at once is a usage error in words, never a guess.
 */
export const USAGE = `Home Agent from the command line — your agent's harness over a vault file.

  npm run ask -- --init-demo [--vault FILE]            create a vault file with Alice's demo Home
  npm run ask -- "<sentence>" [--to ADDR] [--as ADDR]  ask (Alice's own agent unless --to names another)
  npm run ask -- --resume RUN --sign [--yes]           sign what the run waits for (type "sign" to confirm)
  npm run ask -- --resume RUN --choose N               answer a choice prompt with option N (1, 2, …)
  npm run ask -- --resume RUN --answer TEXT            answer a data prompt (or --answer arg=TEXT per field)
  npm run ask -- --resume RUN --approve-as PERSON      demo only: a co-signer approves in their own Home (bob, carol, nathan…)
  npm run ask -- --resume RUN --decline [REASON]       decline; the run ends and nothing is done
  npm run ask -- --resume RUN                          resume a run that stopped part-way
  npm run ask -- --pending                             runs waiting for you
  npm run ask -- --revoke HASH [--yes]                 revoke a mandate or an ask-as-me grant on chain
  npm run ask -- --serve [--port N]                    serve your agent over A2A JSON-RPC on 127.0.0.1 (cli/serve.ts)

Options: --vault FILE (default .data/home-agent-cli.vault) · --json (the reply as JSON) · --yes (skip the typed
confirmation: for tests and scripts only). The vault file is encrypted under HOME_AGENT_PASSPHRASE, or the demo's
public passphrase "alice demo passphrase" when unset — a demo secret, never for anything of value.
Exit codes: 0 a reply, 2 refused at the door, 3 a refused reply, 64 a usage error, 1 anything else.`;

export type Command =
  | { kind: 'init-demo' }
  | { kind: 'ask'; message: string; to?: string; as?: string }
  | { kind: 'resume'; runRef: string; act: ResumeAct }
  | { kind: 'pending' }
  | { kind: 'revoke'; hash: string }
  | { kind: 'serve'; port: number }
  | { kind: 'help' };
export type ResumeAct =
  | { kind: 'continue' }
  | { kind: 'sign' }
  | { kind: 'choose'; index: number }
  | { kind: 'answer'; values: string[] }
  | { kind: 'approve-as'; person: DemoPersonId }
  | { kind: 'decline'; reason?: string };

export type Options = { vault: string; json: boolean; yes: boolean };
export type Parsed = { command: Command; options: Options };

const usage = (message: string) => new HomeError('USAGE', `${message} (npm run ask -- --help for the commands).`);
const VALUED = new Set([
  '--vault',
  '--to',
  '--as',
  '--resume',
  '--choose',
  '--answer',
  '--approve-as',
  '--revoke',
  '--port',
]);
const FLAGS = new Set(['--init-demo', '--json', '--yes', '--sign', '--pending', '--help', '--decline', '--serve']);

export function parseArgs(argv: readonly string[]): Parsed {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (VALUED.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) throw usage(`${arg} needs a value`);
      values.set(arg, [...(values.get(arg) ?? []), value]);
      i += 1;
    } else if (FLAGS.has(arg)) flags.add(arg);
    else if (arg.startsWith('--')) throw usage(`Unknown option ${arg}`);
    else words.push(arg);
  }
  const one = (name: string) => {
    const got = values.get(name);
    if (got !== undefined && got.length > 1) throw usage(`${name} was given twice`);
    return got?.[0];
  };
  const options: Options = {
    vault: one('--vault') ?? '.data/home-agent-cli.vault',
    json: flags.has('--json'),
    yes: flags.has('--yes'),
  };
  const resume = one('--resume');
  const chosen = [
    flags.has('--init-demo') && 'init',
    flags.has('--pending') && 'pending',
    one('--revoke') !== undefined && 'revoke',
    resume !== undefined && 'resume',
    flags.has('--help') && 'help',
    flags.has('--serve') && 'serve',
  ].filter(Boolean);
  if (chosen.length > 1) throw usage('Give one command at a time');
  if (flags.has('--help')) return { command: { kind: 'help' }, options };
  const noWords = (what: string) => {
    if (words.length > 0 && !(what === 'resume' && flags.has('--decline'))) throw usage(`${what} takes no sentence`);
  };
  if (flags.has('--init-demo')) return (noWords('--init-demo'), { command: { kind: 'init-demo' }, options });
  if (flags.has('--serve')) {
    noWords('--serve');
    const port = Number(one('--port') ?? '8799');
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage('--port takes a port number');
    return { command: { kind: 'serve', port }, options };
  }
  if (flags.has('--pending')) return (noWords('--pending'), { command: { kind: 'pending' }, options });
  const revoke = one('--revoke');
  if (revoke !== undefined) return (noWords('--revoke'), { command: { kind: 'revoke', hash: revoke }, options });
  if (resume !== undefined) {
    noWords('resume');
    return { command: { kind: 'resume', runRef: resume, act: resumeAct(flags, values, words) }, options };
  }
  if (words.length !== 1)
    throw usage(words.length === 0 ? 'Say what to ask, in quotes' : 'Put the whole sentence in one pair of quotes');
  const to = one('--to');
  const as = one('--as');
  return {
    command: {
      kind: 'ask',
      message: words[0]!,
      ...(to !== undefined ? { to } : {}),
      ...(as !== undefined ? { as } : {}),
    },
    options,
  };
}

function resumeAct(flags: Set<string>, values: Map<string, string[]>, words: string[]): ResumeAct {
  const acts: ResumeAct[] = [];
  if (flags.has('--sign')) acts.push({ kind: 'sign' });
  const choose = values.get('--choose');
  if (choose !== undefined) {
    const index = Number(choose[0]);
    if (choose.length > 1 || !Number.isInteger(index) || index < 1)
      throw usage('--choose takes one option number, 1 or more');
    acts.push({ kind: 'choose', index });
  }
  const answers = values.get('--answer');
  if (answers !== undefined) acts.push({ kind: 'answer', values: answers });
  const approver = values.get('--approve-as');
  if (approver !== undefined) {
    const person = approver[0]!.toLowerCase();
    if (approver.length > 1 || !(person in DEMO_PEOPLE))
      throw usage(`--approve-as takes one demo person (${Object.keys(DEMO_PEOPLE).join(', ')})`);
    acts.push({ kind: 'approve-as', person: person as DemoPersonId });
  }
  if (flags.has('--decline')) acts.push({ kind: 'decline', ...(words.length > 0 ? { reason: words.join(' ') } : {}) });
  if (acts.length > 1) throw usage('Resume with one answer at a time');
  return acts[0] ?? { kind: 'continue' };
}
