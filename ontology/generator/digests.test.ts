import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOfText } from '../../src/protocol/digest';
import { generateOntology } from './pipeline';
import { copyOntology } from './testing/copy-ontology';

const refusal = (fragment: string) => ({
  code: 'ONTOLOGY_DIGEST_MISMATCH',
  message: expect.stringContaining(fragment),
});

describe('declared document digests', { timeout: 60_000 }, () => {
  it('a skill body edited without declaring its new digest is refused, naming the file', async () => {
    const copy = copyOntology();
    copy.edit('skills/board-minutes.md', (text) => `${text}\n- Also record the weather.\n`);
    await expect(generateOntology({ sourceRoot: copy.source })).rejects.toMatchObject(
      refusal('skills/board-minutes.md does not match the digest skill:board-minutes declares'),
    );
  });

  it('an archetype definition edited without declaring its new digest is refused, naming the file', async () => {
    const copy = copyOntology();
    copy.edit('archetypes/person-agent.md', (text) =>
      text.replace('Never supply an amount', 'Feel free to supply an amount'),
    );
    await expect(generateOntology({ sourceRoot: copy.source })).rejects.toMatchObject(
      refusal('archetypes/person-agent.md does not match the digest arch:person-agent declares'),
    );
  });

  it('once the new digest is declared, the new body is what the generated skill carries', async () => {
    const copy = copyOntology();
    const path = join(copy.source, 'skills/board-minutes.md');
    const oldDigest = digestOfText(readFileSync(path, 'utf8'));
    copy.edit('skills/board-minutes.md', (text) => `${text}\n- Number every action.\n`);
    const newDigest = digestOfText(readFileSync(path, 'utf8'));
    copy.edit('skills.ttl', (text) => text.replace(oldDigest, newDigest));
    const skills = (await generateOntology({ sourceRoot: copy.source })).get('skills.generated.ts') ?? '';
    expect(skills).toContain(`bodyDigest: '${newDigest}'`);
    expect(skills).toContain('- Number every action.\\n');
  });

  it('a document no node declares, or a declared document that is missing, is refused', async () => {
    const copy = copyOntology();
    writeFileSync(join(copy.source, 'skills/unlisted.md'), '# Unlisted\n');
    await expect(generateOntology({ sourceRoot: copy.source })).rejects.toMatchObject(
      refusal('skills/unlisted.md is not declared by any node'),
    );
    rmSync(join(copy.source, 'skills/unlisted.md'));
    rmSync(join(copy.source, 'archetypes/heart-coach-nurse.md'));
    await expect(generateOntology({ sourceRoot: copy.source })).rejects.toMatchObject(
      refusal('arch:heart-coach-nurse declares archetypes/heart-coach-nurse.md, but there is no such file'),
    );
  });
});
