import { z } from 'zod';
import { AddressSchema } from './ask';

const Text = (max = 2000) => z.string().max(max);

/** Who the words became: a name the person said and the address it resolved to, and how. */
export const PartyRef = z.strictObject({
  word: Text(200),
  address: AddressSchema,
  label: Text(200),
  arg: Text(64),
  source: z.enum(['words', 'choice', 'remembered', 'vault', 'supplied', 'asker', 'addressee']),
  /** "remembered: you chose X for this before" — evidence, never authority. */
  note: Text(300).optional(),
});
export type PartyRef = z.infer<typeof PartyRef>;
