import type { z } from 'zod';

/**
 * One valid message per type, found from the type's own schema: each field gets the first value from a table of
 * plausible values (by field name, then generic ones) that the schema accepts; an optional field nothing satisfies
 * is left out. The fuzzer mutates these, so the valid path of every handler is exercised too — not only garbage.
 * A type no example satisfies is named in the report rather than silently skipped.
 */
const ADDRESS = '0x1111111111111111111111111111111111111111';
const DIGEST = `0x${'ab'.repeat(32)}`;
const UUID = '123e4567-e89b-42d3-a456-426614174000';

const BY_NAME: Record<string, unknown[]> = {
  passphrase: ['correct horse battery staple'],
  name: ['Alice'],
  privateKey: [`0x${'11'.repeat(32)}`],
  backup: ['{"owner":"sealed"}'],
  patch: [{ autoLockMinutes: 5 }],
  agent: [ADDRESS],
  archetypeId: ['person-agent'],
  recordType: ['contact'],
  owner: [ADDRESS],
  runRef: ['run-1'],
  hash: [DIGEST],
  uploadId: [UUID],
  chars: [10],
  index: [0],
  data: ['x'],
  words: ['hello'],
  kind: ['mandate', 'wire', 'question', 'sign', 'approve'],
  resumeToken: [DIGEST],
  stepRef: ['s1'],
  addresses: [[ADDRESS]],
  // A page method's params (page-provider-app.ts): connect, a wire grant, and an ask-as-me with a wire never granted.
  params: [
    { nonce: 'abcdefgh1234', folders: ['readings'] },
    { days: 30 },
    {
      request: { addressee: ADDRESS, message: 'How many contacts do I have?', surface: 'page' },
      credential: {
        wireHash: DIGEST,
        assertion: {
          method: 'harness.ask',
          nonce: 'nonce-0123456789abcdef',
          addressee: ADDRESS,
          messageDigest: DIGEST,
          channel: 'page-provider',
          surface: 'page',
          iat: 1,
          exp: 2,
        },
        signature: `0x${'12'.repeat(65)}`,
      },
    },
    {},
  ],
};
const GENERIC: unknown[] = [
  'x',
  'hello',
  1,
  0,
  true,
  false,
  ADDRESS,
  DIGEST,
  UUID,
  'https://example.org',
  {},
  [],
  null,
];

type Shape = Record<string, z.ZodType>;

export function exampleOf(schema: z.ZodType): Record<string, unknown> | null {
  const shape = (schema as unknown as { shape?: Shape }).shape;
  if (shape === undefined) return null;
  const keys = Object.keys(shape);
  const choice = new Map<string, number>(keys.map((k) => [k, 0]));
  const candidates = (key: string): unknown[] =>
    key === 'type' ? [(shape.type as unknown as { value: unknown }).value] : [...(BY_NAME[key] ?? []), ...GENERIC];
  const omitted = new Set<string>();
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = Object.fromEntries(
      keys.filter((k) => !omitted.has(k)).map((k) => [k, candidates(k)[choice.get(k)!]]),
    );
    const parsed = schema.safeParse(value);
    if (parsed.success) return value;
    const bad = new Set(
      parsed.error.issues.map((i) => String(i.path[0] ?? '')).filter((k) => choice.has(k) && !omitted.has(k)),
    );
    if (bad.size === 0) return null;
    for (const key of bad) {
      const next = choice.get(key)! + 1;
      if (next < candidates(key).length) choice.set(key, next);
      else if (shape[key]!.safeParse(undefined).success) omitted.add(key);
      else return null;
    }
  }
  return null;
}
