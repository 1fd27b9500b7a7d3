import type { CabinetFolderName, GrantScope, TimeWindow, WireScope } from '../../protocol/delegation';

/** An ask-as-me wire for an app at `origin`. */
export function wireScope(p: { chainId: number; origin: string; window: TimeWindow }): WireScope {
  return {
    type: 'home-agent/ask-as-me-wire',
    version: 1,
    chainId: p.chainId,
    capabilityId: 'harness.ask',
    origin: p.origin,
    window: p.window,
  };
}

/** A cabinet grant naming the folders an app at `origin` may read (sorted, each once). */
export function grantScope(p: {
  chainId: number;
  origin: string;
  folders: CabinetFolderName[];
  window: TimeWindow;
}): GrantScope {
  const folders = [...new Set(p.folders)].sort();
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
