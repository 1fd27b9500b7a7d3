import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HomeError } from '../src/protocol/errors';
import { digestOfText } from '../src/protocol/digest';
import { describeDrift, findDrift } from './generator/drift';
import { generateOntology } from './generator/pipeline';
import { readSources } from './generator/sources';

/**
 * `npm run ontology` — Turtle in, src/ontology/*.generated.ts out.
 *   --check       write nothing; exit 1 with a summary when the generated files differ from what the Turtle produces
 *   --digests     print digestOfText of every archetype definition and skill body (to declare after an edit)
 *   --source DIR  the ontology directory (default: this file's directory)
 *   --out DIR     where generated modules go (default: src/ontology)
 */
const here = resolve(import.meta.dirname);
const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    digests: { type: 'boolean', default: false },
    source: { type: 'string', default: here },
    out: { type: 'string', default: join(here, '..', 'src', 'ontology') },
  },
});
const source = resolve(values.source);
const out = resolve(values.out);
const outLabel = relative(process.cwd(), out) || '.';

async function main(): Promise<number> {
  if (values.digests) {
    for (const doc of readSources(source).documents) console.log(`${doc.path} ${digestOfText(doc.text)}`);
    return 0;
  }
  const files = await generateOntology({ sourceRoot: source, sourceLabel: basename(source) });
  const drift = findDrift(files, out);
  if (values.check) {
    if (drift.length === 0) {
      console.log(`ontology: ${files.size} generated files match the Turtle.`);
      return 0;
    }
    console.error(describeDrift(drift, outLabel));
    return 1;
  }
  mkdirSync(out, { recursive: true });
  for (const d of drift) {
    const path = join(out, d.file);
    if (d.kind === 'extra') rmSync(path);
    else writeFileSync(path, files.get(d.file) as string);
  }
  const unchanged = [...files.keys()].filter(
    (f) => existsSync(join(out, f)) && readFileSync(join(out, f), 'utf8') === files.get(f),
  ).length;
  console.log(`ontology: wrote ${drift.length} file(s) to ${outLabel} (${unchanged} of ${files.size} now match).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof HomeError) console.error(`ontology: ${error.code}\n${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
