import { DEFAULT_VAULT } from './args';

/** What a printed next step must carry from the command that printed it: the vault file it was given. */
export type Door = { vault: string };

/** A word as a POSIX shell reads it back unchanged: bare when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w./=:@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command a person pastes next, with every flag it needs: `--vault` whenever the command that printed it was
 * not on the default file (without it, pasted as printed, the next command would look for the default vault).
 * Placeholders in capitals (PERSON, TEXT) are left bare for the person to replace.
 */
export function nextCommand(door: Door, ...args: string[]): string {
  const vault = door.vault === DEFAULT_VAULT ? [] : ['--vault', door.vault];
  return ['npm run ask --', ...[...args, ...vault].map((a) => (a === '…' ? a : shellWord(a)))].join(' ');
}
