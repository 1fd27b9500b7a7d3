import { useState } from 'react';
import type { CabinetFolderName } from '../../protocol/delegation';
import type { AppConnectionView } from '../../protocol/messages/heartcoach';
import { ErrorText, useAction } from '../home/background-context';
import { useLoad } from '../home/use-load';
import { message } from '../words/messages';
import { messageNodes } from '../words/message-nodes';
import { FOLDER_WORDS } from './folders';

const ALL_FOLDERS: CabinetFolderName[] = ['profile', 'readings', 'doses', 'symptoms', 'prefs', 'guidance'];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Connected apps in the Home: HeartCoach's agent, the card digest pinned when the person connected, the
 * agent's session, and the folders of the cabinet grant with a checkbox each — saving fewer is a new grant (the old one
 * revoked on chain); disconnecting revokes the grant on chain and ends the session. Connecting from here opens the
 * same consent window an app's page does.
 */
export function AppsSection() {
  const apps = useLoad({ type: 'apps.list' });
  const settings = useLoad({ type: 'home.settings.get' });
  const connect = useAction();
  const origin = settings.data === undefined ? undefined : new URL(settings.data.gatewayUrl).origin;
  const connected = apps.data?.apps ?? [];
  return (
    <section aria-labelledby="apps-title" className="ha-card">
      <h2 id="apps-title">{message('appsTitle')}</h2>
      <p>{message('appsIntro')}</p>
      <ErrorText error={apps.error} />
      {connected.map((app) => (
        <ConnectedApp key={app.origin} app={app} onChanged={apps.reload} />
      ))}
      {origin !== undefined && !connected.some((a) => a.origin === origin) ? (
        <p>
          <button
            type="button"
            disabled={connect.busy}
            aria-busy={connect.busy}
            onClick={() =>
              void connect.run({ type: 'apps.connect', origin }).then((v) => v !== undefined && apps.reload())
            }
          >
            {connect.busy ? message('appsWaiting') : message('appsConnect', origin)}
          </button>
          <ErrorText error={connect.error} />
        </p>
      ) : null}
    </section>
  );
}

export function ConnectedApp({ app, onChanged }: { app: AppConnectionView; onChanged: () => void }) {
  const [folders, setFolders] = useState<CabinetFolderName[]>(app.grant?.folders ?? []);
  const [asking, setAsking] = useState(false);
  const save = useAction();
  const disconnect = useAction();
  const same = [...folders].sort().join() === [...(app.grant?.folders ?? [])].sort().join();
  const toggle = (f: CabinetFolderName) =>
    setFolders((all) => (all.includes(f) ? all.filter((x) => x !== f) : [...all, f]));
  return (
    <article className="ha-section" aria-label={message('appsLabel', app.agent.name, app.origin)}>
      <h3>
        {app.agent.name} — {app.origin}
      </h3>
      <p className="ha-meta">
        {messageNodes(
          'appsAgent',
          <code>{app.agent.address}</code>,
          <code className="ha-digest">{app.agent.cardDigest}</code>,
          day(app.connectedAt),
        )}
      </p>
      <p>
        {app.session === null
          ? message('appsSessionEnded')
          : message('appsSignedIn', day(app.session.refreshExpiresAt))}
      </p>
      <fieldset>
        <legend>
          {message(
            'appsFolders',
            app.agent.name,
            app.grant === null ? message('appsNoneGranted') : message('appsGrantUntil', day(app.grant.expiresAt)),
          )}
        </legend>
        {ALL_FOLDERS.map((f) => (
          <label key={f} className="ha-option">
            <input type="checkbox" checked={folders.includes(f)} onChange={() => toggle(f)} /> {FOLDER_WORDS[f].label}
          </label>
        ))}
      </fieldset>
      <div className="ha-actions">
        <button
          type="button"
          disabled={same || save.busy}
          aria-busy={save.busy}
          onClick={() =>
            void save
              .run({ type: 'apps.folders', origin: app.origin, folders })
              .then((v) => v !== undefined && onChanged())
          }
        >
          {save.busy ? message('appsSigning') : message('appsSave')}
        </button>
        {asking ? (
          <>
            <button
              type="button"
              disabled={disconnect.busy}
              onClick={() =>
                void disconnect
                  .run({ type: 'apps.disconnect', origin: app.origin })
                  .then((v) => v !== undefined && onChanged())
              }
            >
              {disconnect.busy ? message('appsRevoking') : message('appsYesDisconnect', app.agent.name)}
            </button>
            <button type="button" className="ha-secondary" onClick={() => setAsking(false)}>
              {message('appsKeep')}
            </button>
          </>
        ) : (
          <button type="button" className="ha-secondary" onClick={() => setAsking(true)}>
            {message('appsDisconnect', app.agent.name)}
          </button>
        )}
      </div>
      <ErrorText error={save.error ?? disconnect.error} />
    </article>
  );
}
