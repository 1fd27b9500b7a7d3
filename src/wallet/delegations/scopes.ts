import type {
  CabinetFolderName,
  GrantScope,
  TimeWindow,
  WireRead,
  WireReadKind,
  WireScope,
} from '../../protocol/delegation';

const sortedOnce = <T extends string>(values: readonly T[]): T[] => [...new Set(values)].sort();

/** An ask-as-me wire for an app at `origin`; `read`: what it may have answered (sorted, each once). */
export function wireScope(p: {
  chainId: number;
  origin: string;
  window: TimeWindow;
  read?: { folders: readonly CabinetFolderName[]; kinds: readonly WireReadKind[] };
}): WireScope {
  const read: WireRead | undefined =
    p.read === undefined ? undefined : { folders: sortedOnce(p.read.folders), kinds: sortedOnce(p.read.kinds) };
  return {
    type: 'home-agent/ask-as-me-wire',
    version: 1,
    chainId: p.chainId,
    capabilityId: 'harness.ask',
    origin: p.origin,
    window: p.window,
    ...(read !== undefined ? { read } : {}),
  };
}

/** A cabinet grant naming the folders an app at `origin` may read (sorted, each once). */
export function grantScope(p: {
  chainId: number;
  origin: string;
  folders: CabinetFolderName[];
  window: TimeWindow;
}): GrantScope {
  const folders = sortedOnce(p.folders);
  return {
    type: 'home-agent/cabinet-grant',
    version: 1,
    chainId: p.chainId,
    capabilityId: 'cabinet.read',
    origin: p.origin,
    folders,
    window: p.window,
  };
}
