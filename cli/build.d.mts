/** The repository's root and the folder the command-line door is built into. */
export const ROOT: string;
export const OUT_DIR: string;
/** Builds the door into `outDir` (bundle, snapshot when this Node can, manifest) and returns the manifest. */
export function buildCli(options?: { outDir?: string; log?: (line: string) => void }): Promise<{
  node: string;
  builtAt: string;
  bundle: string;
  snapshot?: string;
  inputs: Record<string, { size: number; mtimeMs: number }>;
}>;
