import { HomeError } from '../src/protocol/errors';

/**
 * A typed confirmation on the terminal (signing and revoking are the person's acts): they must type the word
 * itself. Without a terminal there is nobody to ask, so the act is refused unless the command said --yes (scripts
 * and tests only).
 */
export async function confirmTyped(word: string, question: string, options: { yes: boolean }): Promise<void> {
  if (options.yes) return;
  if (process.stdin.isTTY !== true) {
    throw new HomeError(
      'NEEDS_CONFIRMATION',
      `Nothing was done: to ${word}, you type "${word}" at a terminal (in a script, add --yes).`,
    );
  }
  // Loaded only when asked, so the door's startup snapshot holds no terminal state (and a snapshot cannot import()).
  const { createInterface } = process.getBuiltinModule('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} Type "${word}" to go on: `);
    if (answer.trim().toLowerCase() !== word) throw new HomeError('NOT_CONFIRMED', 'Not confirmed; nothing was done.');
  } finally {
    rl.close();
  }
}
