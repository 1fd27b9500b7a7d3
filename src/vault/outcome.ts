/**
 * Expected outcomes are values (STYLE rule 3): a refusal carries a stable UPPER_SNAKE code and a sentence a person
 * understands; the caller turns it into a reply or a WireError. Only broken invariants and I/O throw.
 */
export type Refusal<C extends string> = { ok: false; code: C; message: string };

export const refuse = <C extends string>(code: C, message: string): Refusal<C> => ({ ok: false, code, message });
