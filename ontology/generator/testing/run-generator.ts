import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ONTOLOGY_ROOT } from './copy-ontology';

/** Runs the real command line (`tsx ontology/generate.ts …`) and returns its exit status and output. */
export function runGenerator(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const tsx = join(ONTOLOGY_ROOT, '..', 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [join(ONTOLOGY_ROOT, 'generate.ts'), ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
