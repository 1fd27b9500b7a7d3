import { HomeSettingsGetRequest, HomeSettingsSetRequest } from '../../protocol/messages/home';
import { SettingsView } from '../../protocol/messages/home-replies';
import type { HomeDeps } from '../../home/services';
import { changeSettings, settingsView } from '../../home/settings';
import { defineHandler } from '../handler';

/** The Home's settings: threshold, model, chain, gateway, auto-lock. Home pages only. */
export function homeSettingsHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.settings.get',
      senders: ['extension-page'],
      request: HomeSettingsGetRequest,
      reply: SettingsView,
      handle: async () => settingsView((await deps.home()).vault),
    }),
    defineHandler({
      type: 'home.settings.set',
      senders: ['extension-page'],
      request: HomeSettingsSetRequest,
      reply: SettingsView,
      handle: async ({ patch }) => changeSettings(await deps.home(), patch),
    }),
  ];
}
