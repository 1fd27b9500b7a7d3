import type { RegisteredHandler } from '../handler';
import { homeAgentHandlers } from './home-agents';
import { homeApprovalHandlers } from './home-approval';
import type { HomeDeps } from '../../home/services';
import { homeGrantHandlers } from './home-grants';
import { homeKeyHandlers } from './home-keys';
import { homeSessionHandlers } from './home-session';
import { homeSettingsHandlers } from './home-settings';
import { homeSidePanelHandlers } from './home-side-panel';
import { homeTransferHandlers } from './home-transfer';
import { homeVaultBrowserHandlers } from './home-vault-browser';

export type { HomeDeps, HomeServices } from '../../home/services';

/** Every handler of the Home's channel (src/protocol/messages/home.ts): Home Agent's own pages, and the overlay's side-panel button. */
export function homeHandlers(deps: HomeDeps): RegisteredHandler[] {
  return [
    ...homeSessionHandlers(deps),
    ...homeKeyHandlers(deps),
    ...homeSettingsHandlers(deps),
    ...homeAgentHandlers(deps),
    ...homeVaultBrowserHandlers(deps),
    ...homeGrantHandlers(deps),
    ...homeApprovalHandlers(deps),
    ...homeSidePanelHandlers(deps),
    ...homeTransferHandlers(deps),
  ];
}
