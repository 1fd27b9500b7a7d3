/** Null when the built door in `outDir` matches the sources under `root` and this Node, else why not, in words. */
export function staleness(outDir: string, root: string, node?: string): string | null;
