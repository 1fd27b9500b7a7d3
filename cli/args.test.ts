import { describe, expect, it } from 'vitest';
import { DEFAULT_VAULT, parseArgs } from './args';

/** The door's argument parsing (Node's util.parseArgs, strict), and its refusals in words. */
const refusal = (argv: string[]) => {
  try {
    parseArgs(argv);
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error(`${argv.join(' ')} was accepted`);
};

describe('parseArgs', () => {
  it('takes a sentence with its options, joined (--x=y) or apart, and the default vault', () => {
    expect(parseArgs(['Who is in Missio Nexus?'])).toEqual({
      command: { kind: 'ask', message: 'Who is in Missio Nexus?' },
      options: { vault: DEFAULT_VAULT, json: false, yes: false },
    });
    expect(parseArgs(['--vault=a b.vault', 'hi', '--json', '--to', '0xabc'])).toEqual({
      command: { kind: 'ask', message: 'hi', to: '0xabc' },
      options: { vault: 'a b.vault', json: true, yes: false },
    });
  });

  it('--calibration names a map file for any command, once', () => {
    expect(parseArgs(['--pending', '--calibration=map.json']).options).toEqual({
      vault: DEFAULT_VAULT,
      json: false,
      yes: false,
      calibration: 'map.json',
    });
    expect(refusal(['hi', '--calibration', 'a.json', '--calibration', 'b.json']).message).toMatch(
      /--calibration was given twice/,
    );
  });

  it('-h and --help print the help, --version the version, even beside other words', () => {
    expect(parseArgs(['-h']).command).toEqual({ kind: 'help' });
    expect(parseArgs(['--help', 'hello']).command).toEqual({ kind: 'help' });
    expect(parseArgs(['--version']).command).toEqual({ kind: 'version' });
  });

  it('after --, a sentence may start with a dash; before it, that is an unknown option', () => {
    expect(parseArgs(['--vault', 'x.vault', '--', '-5 USDC to bob?']).command).toEqual({
      kind: 'ask',
      message: '-5 USDC to bob?',
    });
    expect(refusal(['-5 USDC to bob?'])).toMatchObject({ code: 'USAGE', message: /^Unknown option -5/ });
  });

  it('refuses unknown flags, missing values, values on flags and repeats, in words', () => {
    expect(refusal(['--bogus', 'hi'])).toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(/^Unknown option --bogus.*--help for the commands/),
    });
    expect(refusal(['-x'])).toMatchObject({ message: /^Unknown option -x/ });
    expect(refusal(['hi', '--vault'])).toMatchObject({ message: /^--vault needs a value/ });
    expect(refusal(['--vault', '--json', 'hi'])).toMatchObject({ message: /^--vault needs a value/ });
    expect(refusal(['--json=yes', 'hi'])).toMatchObject({ message: /^--json takes no value/ });
    expect(refusal(['--vault', 'a', '--vault=b', 'hi'])).toMatchObject({ message: /^--vault was given twice/ });
  });

  it('refuses two commands at once, a sentence split in two, and an answer without a run', () => {
    expect(refusal(['--pending', '--init-demo'])).toMatchObject({ message: /^Give one command at a time/ });
    expect(refusal(['who', 'is', 'here'])).toMatchObject({ message: /^Put the whole sentence in one pair of quotes/ });
    expect(refusal([])).toMatchObject({ message: /^Say what to ask/ });
    expect(refusal(['--sign'])).toMatchObject({ message: /^--sign answers a run: add --resume RUN/ });
    expect(refusal(['--pending', 'now'])).toMatchObject({ message: /^--pending takes no sentence/ });
  });

  it('reads each way of answering a run, one at a time', () => {
    const act = (...argv: string[]) => {
      const { command } = parseArgs(['--resume', 'run-1', ...argv]);
      return command.kind === 'resume' ? command.act : command;
    };
    expect(act()).toEqual({ kind: 'continue' });
    expect(act('--sign', '--yes')).toEqual({ kind: 'sign' });
    expect(act('--choose=2')).toEqual({ kind: 'choose', index: 2 });
    expect(act('--answer', 'amount=12', '--answer', 'memo=hymnals')).toEqual({
      kind: 'answer',
      values: ['amount=12', 'memo=hymnals'],
    });
    expect(act('--approve-as', 'Bob')).toEqual({ kind: 'approve-as', person: 'bob' });
    expect(act('--decline', 'not', 'today')).toEqual({ kind: 'decline', reason: 'not today' });
    expect(refusal(['--resume', 'r', '--choose', '1.5'])).toMatchObject({ message: /^--choose takes one option/ });
    expect(refusal(['--resume', 'r', '--approve-as', 'mallory'])).toMatchObject({
      message: /^--approve-as takes one demo person \(alice, bob/,
    });
    expect(refusal(['--resume', 'r', '--sign', '--decline'])).toMatchObject({ message: /^Resume with one answer/ });
    expect(refusal(['--resume', 'r', 'extra'])).toMatchObject({ message: /^--resume takes no sentence/ });
  });
});
