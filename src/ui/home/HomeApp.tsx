import { useState } from 'react';
import { AppsSection } from '../heartcoach/AppsSection';
import { ClinicianDemo } from '../heartcoach/ClinicianDemo';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { AgentsSection } from './AgentsSection';
import { ErrorText } from './background-context';
import { FirstRunCard } from './FirstRunCard';
import { BackupStep } from './BackupStep';
import { GrantsSection } from './GrantsSection';
import { LockBar } from './LockBar';
import { MandatesSection } from './MandatesSection';
import { Onboarding } from './Onboarding';
import { SettingsSection } from './SettingsSection';
import { ImportVault, TransferSection } from './TransferSection';
import { useLoad } from './use-load';
import { message, type MessageKey } from '../words/messages';
import { VaultBrowser } from './VaultBrowser';

const SECTIONS = [
  ['lock-title', 'lockTitle'],
  ['agents-title', 'homeNavAgents'],
  ['vault-title', 'homeNavVault'],
  ['grants-title', 'homeNavGrants'],
  ['apps-title', 'homeNavApps'],
  ['mandates-title', 'homeNavMandates'],
  ['settings-title', 'homeNavSettings'],
  ['transfer-title', 'homeNavTransfer'],
] as const satisfies readonly (readonly [string, MessageKey])[];

/**
 * The Home (options page): onboarding until a key exists and its backup is confirmed, then everything the agent
 * keeps and may do. `generation` remounts the sections after an import or unlock, so each reads the vault afresh.
 */
export function HomeApp({
  requestOrigins,
  openPanel,
}: {
  requestOrigins: (origins: string[]) => Promise<boolean>;
  openPanel?: () => void;
}) {
  const loaded = useLoad({ type: 'home.status' });
  const [status, setStatus] = useState<HomeStatus | undefined>();
  const [backup, setBackup] = useState<{ fileName: string; text: string } | undefined>();
  const [generation, setGeneration] = useState(0);
  const current = status ?? loaded.data;
  const update = (next: HomeStatus) => {
    setStatus(next);
    setGeneration((g) => g + 1);
  };
  if (current === undefined) {
    return loaded.error === undefined ? (
      <p aria-busy="true">{message('homeOpening')}</p>
    ) : (
      <ErrorText error={loaded.error} />
    );
  }
  if (current.stage === 'empty') {
    return (
      <>
        <Onboarding onKey={(b) => (setBackup(b), update(b.status))} onDemo={update} />
        <ClinicianDemo onLoaded={update} />
        <section aria-labelledby="restore-title" className="ha-card">
          <h2 id="restore-title">{message('homeRestoreTitle')}</h2>
          <ImportVault onImported={update} heading={message('homeRestoreFrom')} />
        </section>
      </>
    );
  }
  if (current.stage === 'backup') return <BackupStep backup={backup} onConfirmed={update} />;
  return (
    <div key={generation}>
      <nav aria-label={message('homeSections')}>
        <ul className="ha-nav">
          {SECTIONS.map(([id, key]) => (
            <li key={id}>
              <a href={`#${id}`}>{message(key)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <FirstRunCard {...(openPanel === undefined ? {} : { onOpenPanel: openPanel })} />
      <LockBar status={current} onStatus={update} />
      <AgentsSection />
      <VaultBrowser />
      <GrantsSection />
      <AppsSection />
      <MandatesSection />
      <SettingsSection requestOrigins={requestOrigins} />
      <TransferSection onImported={update} />
    </div>
  );
}
