import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import english from '../../../public/_locales/en/messages.json';
import { FITTED_CALIBRATION_MAP } from '../../agent/testing/fitted-calibration-map';
import { type MessageKey } from '../words/messages';
import { AgentsSection } from './AgentsSection';
import { BackgroundProvider, type Request } from './background-context';
import { BackupStep } from './BackupStep';
import { CalibrationMapField } from './CalibrationMapField';
import { GrantsSection } from './GrantsSection';
import { MandatesSection } from './MandatesSection';
import { Onboarding } from './Onboarding';
import { RevokeButton } from './RevokeButton';
import { TransferSection } from './TransferSection';
import { VaultBrowser } from './VaultBrowser';

/**
 * The Home's sections read their words from the catalogue: rendered as they first appear (before the background
 * answers), each shows the catalogue's English, and with chrome.i18n answering none of that English is left.
 */
const request: Request = () => new Promise(() => undefined);
const inHome = (node: ReactNode) =>
  renderToStaticMarkup(<BackgroundProvider request={request}>{node}</BackgroundProvider>)
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');

const { digest, alpha, fittedOn } = FITTED_CALIBRATION_MAP;
const sections: [string, () => string, MessageKey[]][] = [
  [
    'onboarding',
    () => inHome(<Onboarding onKey={() => undefined} onDemo={() => undefined} />),
    [
      'onboardingTitle',
      'onboardingIntro',
      'onboardingHowStart',
      'onboardingModeCreate',
      'onboardingModeImport',
      'onboardingModeDemo',
      'onboardingName',
      'onboardingCreate',
      'fieldPassphrase',
      'fieldPassphraseAgain',
      'fieldPassphraseHint',
    ],
  ],
  [
    'backup',
    () => inHome(<BackupStep backup={undefined} onConfirmed={() => undefined} />),
    ['backupTitle', 'backupSaveWhy', 'backupSave', 'backupOpenWhy', 'backupFile', 'backupPassphrase', 'backupConfirm'],
  ],
  [
    'agents',
    () => inHome(<AgentsSection />),
    [
      'agentsTitle',
      'agentsIntro',
      'agentsCaption',
      'agentsColAgent',
      'agentsColPlaybook',
      'agentsColVersion',
      'agentsColDigest',
      'agentsColAssign',
    ],
  ],
  [
    'vault, receipts and runs',
    () => inHome(<VaultBrowser />),
    ['vaultTitle', 'vaultIntro', 'receiptsTitle', 'receiptsNone', 'receiptsRunsTitle', 'receiptsNoRuns'],
  ],
  ['grants', () => inHome(<GrantsSection />), ['grantsTitle', 'grantsIntro', 'grantsNone']],
  ['mandates', () => inHome(<MandatesSection />), ['mandatesTitle', 'mandatesNone']],
  [
    'export and import',
    () => inHome(<TransferSection onImported={() => undefined} />),
    [
      'transferTitle',
      'transferExportTitle',
      'transferExportWhat',
      'transferExportHint',
      'transferExport',
      'transferImportTitle',
      'transferReplaceWarning',
      'transferVaultFile',
      'transferFilePassphrase',
      'transferImportThis',
    ],
  ],
  [
    'revoke',
    () =>
      inHome(<RevokeButton kind="mandate" hash="0x01" what="the mandate for sending" onRevoked={() => undefined} />),
    ['revokeAsk'],
  ],
  [
    'calibration map, none kept',
    () => inHome(<CalibrationMapField view={null} onSaved={() => undefined} />),
    ['calibrationLegend', 'calibrationNone', 'calibrationImport'],
  ],
  [
    'calibration map, one kept',
    () => inHome(<CalibrationMapField view={{ digest, alpha, runs: fittedOn.runs }} onSaved={() => undefined} />),
    ['calibrationLegend', 'calibrationShown', 'calibrationRunMany', 'calibrationImport', 'calibrationRemove'],
  ],
];

/** The English a key leaves on the page: its message, or (with `$n` in it) each literal stretch of it. */
const fragments = (key: MessageKey) =>
  english[key].message
    .split(/\$[1-9]/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 3);

const global = globalThis as { chrome?: unknown };
afterEach(() => void delete global.chrome);

describe("the Home sections' words, from the catalogue", () => {
  it.each(sections)('%s reads in English from the catalogue itself', (_, render, keys) => {
    const html = render();
    for (const key of keys) for (const words of fragments(key)) expect(html, key).toContain(words);
  });

  it('fills the substitutions in English: the revoke target, the map by its digest and runs', () => {
    expect(sections[7]![1]()).toContain('Revoke the mandate for sending');
    expect(sections[9]![1]()).toContain(`Map ${digest.slice(0, 10)}… (α 0.1, fitted on 40 runs); used when`);
  });

  it.each(sections)('%s, with chrome.i18n answering, keeps none of the moved English', (_, render, keys) => {
    global.chrome = { i18n: { getMessage: (key: string) => `⟦${key}⟧` } };
    const html = render();
    for (const key of keys) {
      if (key !== 'calibrationRunMany') expect(html).toContain(`⟦${key}⟧`);
      // The key's own name may hold an English word ("fieldPassphrase"): look at what is left beside the keys.
      for (const words of fragments(key)) expect(html.replace(/⟦\w+⟧/g, ''), key).not.toContain(words);
    }
  });
});
