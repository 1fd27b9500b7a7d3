import { createAutoLock } from '../vault/keys/auto-lock';
import type { HomeServices } from './services';

export const AUTO_LOCK_ALARM = 'home-agent/auto-lock';

/** The part of chrome.alarms the auto-lock uses. */
export type AlarmsApi = {
  create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): Promise<void> | void;
  onAlarm: { addListener(listener: (alarm: { name: string }) => Promise<void> | void): void };
};

/**
 * Drives the vault's auto-lock (pure logic over a clock) from chrome.alarms: a check every minute locks the key once
 * the person has been idle for the minutes they set. The alarm and its listener survive worker restarts (the last
 * activity lives in the session store), and the listener is added in the worker's first turn so a wake finds it.
 */
export function wireAutoLock(alarms: AlarmsApi, home: () => Promise<HomeServices>): void {
  // The listener returns its check's promise: Chrome ignores it; a test awaits it.
  alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== AUTO_LOCK_ALARM) return;
    return home()
      .then((services) =>
        createAutoLock({
          keyring: services.keyring,
          idleMinutes: () => services.vault.settings.get('lock.autoLockMinutes'),
          clock: services.vault.clock,
        }).check(),
      )
      .then(() => undefined)
      .catch((error: unknown) => console.error('Home Agent could not check its auto-lock:', error));
  });
  void alarms.create(AUTO_LOCK_ALARM, { periodInMinutes: 1, delayInMinutes: 1 });
}
