import { parseArgs as parseNodeArgs, type ParseArgsConfig } from 'node:util';
import { HomeError } from '../src/protocol/errors';
import { DEMO_PEOPLE, type DemoPersonId } from '../src/protocol/demo-identities';

/**
 * The command line's words: one command per invocation, parsed by Node's own `util.parseArgs` (strict: `--x=y`,
 * `-h`, `--` for a sentence that starts with a dash) — an unknown flag, a missing value or two commands at once is a
 * usage error in words, never a guess.
 */
export const DEFAULT_VAULT = '.data/home-agent-cli.vault';

export const USAGE = `Home Agent from the command line: your own agent, over an encrypted vault file.

  npm run ask -- --init-demo [--vault FILE]            create a vault file with Alice's demo Home
  npm run ask -- "<sentence>" [--to ADDR] [--as ADDR]  ask (Alice's own agent unless --to names another)
  npm run ask -- --resume RUN --sign [--yes]           sign what the run waits for (you type "sign" to confirm)
  npm run ask -- --resume RUN --choose N               answer a choice with option N (1, 2, …)
  npm run ask -- --resume RUN --answer TEXT            answer a question (or --answer field=TEXT per field)
  npm run ask -- --resume RUN --approve-as PERSON      demo only: a co-signer approves in their own Home (bob, carol, nathan…)
  npm run ask -- --resume RUN --decline [REASON]       decline; the run ends and nothing is done
  npm run ask -- --resume RUN                          go on with a run that stopped part-way
  npm run ask -- --pending                             what is waiting for you
  npm run ask -- --revoke HASH [--yes]                 revoke a mandate or an ask-as-me grant on chain
  npm run ask -- --serve [--port N]                    serve your agent over A2A JSON-RPC on 127.0.0.1 (cli/serve.ts)
  npm run ask -- -h | --help                           this text
  npm run ask -- --version                             the version

Options: --vault FILE (default ${DEFAULT_VAULT}) · --json (the reply as JSON) · --yes (skip the typed
confirmation: for tests and scripts only) · --calibration FILE (a map \`npm run calibrate\` fitted: the judge
calibrates with it; only with a model configured). Values may be joined: --vault=FILE. A sentence that starts with a dash
goes after --: npm run ask -- -- "-5 USDC?". The vault file is encrypted under HOME_AGENT_PASSPHRASE, or the
demo's public passphrase "alice demo passphrase" when unset: a demo secret, never for anything of value.
Exit codes: 0 a reply, 2 refused at the door, 3 a refused reply, 64 a usage error, 1 anything else.`;

export type Command =
  | { kind: 'init-demo' }
  | { kind: 'ask'; message: string; to?: string; as?: string }
  | { kind: 'resume'; runRef: string; act: ResumeAct }
  | { kind: 'pending' }
  | { kind: 'revoke'; hash: string }
  | { kind: 'serve'; port: number }
  | { kind: 'help' }
  | { kind: 'version' };
export type ResumeAct =
  | { kind: 'continue' }
  | { kind: 'sign' }
  | { kind: 'choose'; index: number }
  | { kind: 'answer'; values: string[] }
  | { kind: 'approve-as'; person: DemoPersonId }
  | { kind: 'decline'; reason?: string };

export type Options = { vault: string; json: boolean; yes: boolean; calibration?: string };
export type Parsed = { command: Command; options: Options };

const usage = (message: string) => new HomeError('USAGE', `${message} (npm run ask -- --help for the commands).`);

// Every valued option is `multiple`, so one given twice is refused rather than silently taking the last.
const valued = { type: 'string', multiple: true } as const;
const flag = { type: 'boolean' } as const;
const OPTIONS = {
  vault: valued,
  calibration: valued,
  to: valued,
  as: valued,
  resume: valued,
  choose: valued,
  answer: valued,
  'approve-as': valued,
  revoke: valued,
  port: valued,
  'init-demo': flag,
  json: flag,
  yes: flag,
  sign: flag,
  pending: flag,
  decline: flag,
  serve: flag,
  help: { ...flag, short: 'h' },
  version: flag,
} satisfies ParseArgsConfig['options'];
type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string[] : boolean };

/** Node's parse errors, in the door's words (its own messages suggest quoting rules a person need not learn). */
function refused(error: unknown): HomeError {
  // Node's own error codes (not Home Agent's): ERR_PARSE_ARGS_*.
  const nodeCode = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  const option = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  if (nodeCode === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return usage(`Unknown option ${option ?? ''}`.trim() + ' (a sentence that starts with a dash goes after --)');
  if (nodeCode === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = option ?? 'That option';
    if (/argument missing|ambiguous/.test(message)) return usage(`${name} needs a value`);
    return usage(`${name} takes no value`);
  }
  return usage('Those options could not be read');
}

export function parseArgs(argv: readonly string[]): Parsed {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseNodeArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    throw refused(error);
  }
  const { values, positionals: words } = parsed;
  const one = (name: keyof Values & string) => {
    const got = values[name] as string[] | undefined;
    if (got !== undefined && got.length > 1) throw usage(`--${name} was given twice`);
    return got?.[0];
  };
  const options: Options = {
    vault: one('vault') ?? DEFAULT_VAULT,
    json: values.json === true,
    yes: values.yes === true,
  };
  const calibration = one('calibration');
  if (calibration !== undefined) options.calibration = calibration;
  const resume = one('resume');
  const revoke = one('revoke');
  const chosen = [values['init-demo'], values.pending, values.serve, revoke !== undefined, resume !== undefined].filter(
    Boolean,
  );
  if (values.help === true) return { command: { kind: 'help' }, options };
  if (values.version === true) return { command: { kind: 'version' }, options };
  if (chosen.length > 1) throw usage('Give one command at a time');
  const noWords = (what: string) => {
    if (words.length > 0) throw usage(`${what} takes no sentence`);
  };
  if (values['init-demo'] === true) return (noWords('--init-demo'), { command: { kind: 'init-demo' }, options });
  if (values.pending === true) return (noWords('--pending'), { command: { kind: 'pending' }, options });
  if (values.serve === true) {
    noWords('--serve');
    const port = Number(one('port') ?? '8799');
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage('--port takes a port number');
    return { command: { kind: 'serve', port }, options };
  }
  if (revoke !== undefined) return (noWords('--revoke'), { command: { kind: 'revoke', hash: revoke }, options });
  if (resume !== undefined) {
    if (values.decline !== true) noWords('--resume');
    return { command: { kind: 'resume', runRef: resume, act: resumeAct(values, words) }, options };
  }
  const stray = (['sign', 'decline', 'choose', 'answer', 'approve-as'] as const).find((k) => values[k] !== undefined);
  if (stray !== undefined) throw usage(`--${stray} answers a run: add --resume RUN`);
  if (words.length !== 1)
    throw usage(words.length === 0 ? 'Say what to ask, in quotes' : 'Put the whole sentence in one pair of quotes');
  const to = one('to');
  const as = one('as');
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

function resumeAct(values: Values, words: string[]): ResumeAct {
  const acts: ResumeAct[] = [];
  if (values.sign === true) acts.push({ kind: 'sign' });
  const choose = values.choose;
  if (choose !== undefined) {
    const index = Number(choose[0]);
    if (choose.length > 1 || !/^\d+$/.test(choose[0]!) || index < 1)
      throw usage('--choose takes one option number, 1 or more');
    acts.push({ kind: 'choose', index });
  }
  if (values.answer !== undefined) acts.push({ kind: 'answer', values: values.answer });
  const approver = values['approve-as'];
  if (approver !== undefined) {
    const person = approver[0]!.toLowerCase();
    if (approver.length > 1 || !(person in DEMO_PEOPLE))
      throw usage(`--approve-as takes one demo person (${Object.keys(DEMO_PEOPLE).join(', ')})`);
    acts.push({ kind: 'approve-as', person: person as DemoPersonId });
  }
  if (values.decline === true) acts.push({ kind: 'decline', ...(words.length > 0 ? { reason: words.join(' ') } : {}) });
  if (acts.length > 1) throw usage('Resume with one answer at a time');
  return acts[0] ?? { kind: 'continue' };
}
