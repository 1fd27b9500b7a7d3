import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../../src/ontology/archetypes.generated';
import { publishArchetypes } from '../coach/archetypes';
import { ensurePgliteTemplate } from '../desk/pglite-template';
import { DESK_MIGRATIONS } from '../desk/schema';
import { openPglite } from '../desk/sql';
import { systemClock } from '../ports';
import { ensureChainTemplate, openGatewayChain } from '../wallet/open-gateway-chain';

/**
 * What `npm run build:gateway` makes so a start does less (bench gateway-start): a PGlite template already at the
 * desk's latest schema, a deployed embedded chain a first start copies instead of deploying, and an archetype
 * registry a restart leaves alone when it already holds the ontology's words (and heals when it does not).
 */
describe('what a start copies instead of redoing', () => {
  let dir = '';
  beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'start-templates-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("the PGlite template is at the desk's latest schema", async () => {
    const template = await ensurePgliteTemplate(join(dir, 'pglite-template'), true);
    const sql = await openPglite({ dataDir: join(dir, 'desk'), template });
    const rows = await sql.query<{ version: number }>('SELECT version FROM desk_schema ORDER BY version');
    await sql.close();
    expect(rows.map((r) => r.version)).toEqual(DESK_MIGRATIONS.map((m) => m.version));
  });

  it('a first start restores the deployed chain template instead of deploying', async () => {
    const template = await ensureChainTemplate(join(dir, 'chain-template.bin'), true);
    const chain = (await openGatewayChain({ stateFile: join(dir, 'chain.bin'), template, clock: systemClock })) as {
      kind: string;
      restored?: boolean;
    };
    expect(chain.kind).toBe('embedded');
    expect(chain.restored).toBe(true);
    expect((await stat(join(dir, 'chain.bin'))).size).toBe((await stat(template)).size);
  }, 120_000);

  it('a registry that holds the words is left alone; a changed file is written again', async () => {
    const registry = join(dir, 'registry');
    const heartcoach = Object.values(ARCHETYPES).filter((a) => a.appliesTo === 'heartcoach');
    await publishArchetypes(registry, heartcoach);
    const index = join(registry, 'index.json');
    const first = (await stat(index)).mtimeMs;
    await publishArchetypes(registry, heartcoach);
    expect((await stat(index)).mtimeMs).toBe(first);
    const file = join(registry, `${heartcoach[0]!.id}-v${heartcoach[0]!.version}.md`);
    await writeFile(file, 'tampered');
    await publishArchetypes(registry, heartcoach);
    expect(await readFile(file, 'utf8')).toBe(heartcoach[0]!.definition);
  });
});
