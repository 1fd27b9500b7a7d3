import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { digestOfText } from '../../src/protocol/digest';
import type { ArchetypeRef } from '../../src/protocol/heartcoach';
import { Refusal } from '../errors';
import type { Clock } from '../ports';

/**
 * The archetype registry (seed 000 step 4, DESIGN §10): a directory holding each archetype's definition and an index
 * of `{ version, digest, file }`. The gateway reads a definition, recomputes its digest and refuses to run under
 * words whose digest is not the registered one; each definition is memoised for ten minutes, so a new version
 * published to the directory reaches consultations within ten minutes without a restart.
 */
export const ARCHETYPE_TTL_MS = 10 * 60 * 1000;

export type RegisteredArchetype = { archetypeId: string; ref: ArchetypeRef; text: string };
export type ArchetypeRegistry = { get(ids: readonly string[]): Promise<RegisteredArchetype[]> };

const IndexEntry = z.strictObject({
  version: z.string().min(1).max(40),
  digest: z.string().regex(/^0x[0-9a-f]{64}$/),
  file: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,120}\.md$/),
});
const RegistryIndex = z.record(z.string().regex(/^[a-z0-9-]{1,80}$/), IndexEntry);
export const INDEX_FILE = 'index.json';

const unavailable = (code: string, message: string) => new Refusal(503, code, message);

/** Reads archetypes from `dir`, memoised per id for `ttlMs` by the injected clock. */
export function directoryRegistry(options: { dir: string; clock: Clock; ttlMs?: number }): ArchetypeRegistry {
  const ttl = options.ttlMs ?? ARCHETYPE_TTL_MS;
  const memo = new Map<string, { at: number; value: RegisteredArchetype }>();

  async function load(id: string): Promise<RegisteredArchetype> {
    let index: z.infer<typeof RegistryIndex>;
    try {
      index = RegistryIndex.parse(JSON.parse(await readFile(join(options.dir, INDEX_FILE), 'utf8')));
    } catch (error) {
      throw new Refusal(
        503,
        'archetype_registry_unreadable',
        'The archetype registry cannot be read, so HeartCoach will not answer without its playbook.',
        { cause: error },
      );
    }
    const entry = index[id];
    if (entry === undefined)
      throw unavailable(
        'archetype_missing',
        `The archetype ${id} is not registered, so HeartCoach will not answer without it.`,
      );
    const text = await readFile(join(options.dir, entry.file), 'utf8').catch(() => null);
    if (text === null || digestOfText(text) !== entry.digest) {
      throw unavailable(
        'archetype_digest_mismatch',
        `The registered words of ${id} (v${entry.version}) do not match their digest; HeartCoach will not run under words it cannot attribute.`,
      );
    }
    return {
      archetypeId: id,
      ref: { id: `skill:archetypes/${id}`, version: entry.version, digest: entry.digest as `0x${string}` },
      text,
    };
  }

  return {
    async get(ids) {
      const now = options.clock.now().getTime();
      return Promise.all(
        [...new Set(ids)].map(async (id) => {
          const hit = memo.get(id);
          if (hit !== undefined && now - hit.at < ttl) return hit.value;
          const value = await load(id);
          memo.set(id, { at: now, value });
          return value;
        }),
      );
    },
  };
}

/** Publishes definitions into a registry directory (the index is replaced atomically, after the files). */
export async function publishArchetypes(
  dir: string,
  archetypes: ReadonlyArray<{ id: string; version: string; definition: string }>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  let index: z.infer<typeof RegistryIndex> = {};
  try {
    index = RegistryIndex.parse(JSON.parse(await readFile(join(dir, INDEX_FILE), 'utf8')));
  } catch {
    index = {};
  }
  // A registry that already holds these definitions (every restart) is left as it is: no write at all.
  const current = (a: (typeof archetypes)[number]) => {
    const entry = index[a.id];
    return entry !== undefined && entry.version === a.version && entry.digest === digestOfText(a.definition);
  };
  const present = await Promise.all(
    archetypes.map((a) =>
      current(a)
        ? readFile(join(dir, index[a.id]!.file), 'utf8').then(
            (text) => text === a.definition,
            () => false,
          )
        : false,
    ),
  );
  if (present.every(Boolean)) return;
  for (const a of archetypes) {
    const file = `${a.id}-v${a.version}.md`;
    await writeFile(join(dir, file), a.definition);
    index[a.id] = { version: a.version, digest: digestOfText(a.definition), file };
  }
  const temp = join(dir, `${INDEX_FILE}.${process.pid}.tmp`);
  await writeFile(temp, JSON.stringify(index, null, 2));
  await rename(temp, join(dir, INDEX_FILE));
}

/** The playbook block: each definition under its header, joined, closed with the deployment's contract. */
export function playbookText(archetypes: readonly RegisteredArchetype[], contract: string): string {
  const definitions = archetypes.map(
    (a) => `# ${a.archetypeId} (v${a.ref.version}, ${a.ref.digest})\n\n${a.text.trim()}`,
  );
  return [...definitions, contract.trim()].join('\n\n---\n\n');
}
