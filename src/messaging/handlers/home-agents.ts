import { HomeAgentsRequest, HomePlaybookAssignRequest } from '../../protocol/messages/home';
import { AgentsView } from '../../protocol/messages/home-replies';
import { agentsView, assignPlaybook } from '../../home/agents';
import type { HomeDeps } from '../../home/services';
import { defineHandler } from '../handler';

/** Agents and playbooks (src/home/agents.ts). Home pages only. */
export function homeAgentHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.agents.list',
      senders: ['extension-page'],
      request: HomeAgentsRequest,
      reply: AgentsView,
      handle: async () => agentsView((await deps.home()).vault),
    }),
    defineHandler({
      type: 'home.playbook.assign',
      senders: ['extension-page'],
      request: HomePlaybookAssignRequest,
      reply: AgentsView,
      handle: async ({ agent, archetypeId }) => assignPlaybook((await deps.home()).vault, { agent, archetypeId }),
    }),
  ];
}
