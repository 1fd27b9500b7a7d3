import { HomeError } from '../../src/protocol/errors';

/** Why the generator refused: each is a stable code with a sentence that names the file, node or rule at fault. */
export type OntologyErrorCode =
  | 'ONTOLOGY_SOURCE_MISSING'
  | 'ONTOLOGY_PARSE'
  | 'ONTOLOGY_SHAPE_VIOLATION'
  | 'ONTOLOGY_DIGEST_MISMATCH'
  | 'ONTOLOGY_INVALID';

/** Throws the generator's refusal in words; the CLI prints the message and exits non-zero. */
export function refuse(code: OntologyErrorCode, message: string, details?: Record<string, unknown>): never {
  throw new HomeError(code, message, details === undefined ? {} : { details });
}
