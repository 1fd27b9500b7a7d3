import { useState, type FormEvent } from 'react';
import { HOME_LIMITS } from '../../protocol/messages/home';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { readChosenFile, saveFile } from '../download';
import { ErrorText, useAction } from './background-context';
import { Field } from './Field';

/**
 * The backup the person must confirm: save the sealed key file, then prove it by opening it again here with the
 * passphrase. Until then the Home is not ready — a key nobody can restore is a key one lost laptop away from gone.
 */
export function BackupStep({
  backup,
  onConfirmed,
}: {
  backup: { fileName: string; text: string } | undefined;
  onConfirmed: (status: HomeStatus) => void;
}) {
  const [file, setFile] = useState<File | undefined>();
  const [passphrase, setPassphrase] = useState('');
  const [saved, setSaved] = useState(false);
  const [local, setLocal] = useState<string | undefined>();
  const fetchBackup = useAction();
  const confirm = useAction();

  const download = async () => {
    const current = backup ?? (await fetchBackup.run({ type: 'home.backup.get' }));
    if (current === undefined) return;
    saveFile({ fileName: current.fileName, mediaType: 'application/json', text: current.text });
    setSaved(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLocal(undefined);
    if (file === undefined) return setLocal('Choose the backup file you saved.');
    let text: string;
    try {
      text = await readChosenFile(file, HOME_LIMITS.backup);
    } catch (error) {
      return setLocal(error instanceof Error ? error.message : 'That file could not be read.');
    }
    const status = await confirm.run({ type: 'home.backup.confirm', backup: text, passphrase });
    if (status !== undefined) onConfirmed(status);
  };
  return (
    <section aria-labelledby="backup-title" className="ha-card">
      <h2 id="backup-title">Save and confirm your key backup</h2>
      <ol>
        <li>
          <p>Save the backup file somewhere safe, away from this computer. It is sealed with your passphrase.</p>
          <button type="button" onClick={() => void download()}>
            Save the backup file
          </button>
          {saved ? <p className="ha-meta">Saved. Now confirm it below.</p> : null}
          <ErrorText error={fetchBackup.error} />
        </li>
        <li>
          <form onSubmit={(e) => void submit(e)}>
            <p>Open the file you saved, with your passphrase, to show the backup works.</p>
            <Field
              label="Backup file"
              type="file"
              accept="application/json,.json"
              required
              onChange={(e) => setFile(e.target.files?.[0])}
            />
            <Field
              label="Your passphrase"
              type="password"
              autoComplete="current-password"
              required
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
            {local === undefined ? null : (
              <p role="alert" className="ha-error">
                {local}
              </p>
            )}
            <ErrorText error={confirm.error} />
            <button type="submit" disabled={confirm.busy} aria-busy={confirm.busy}>
              {confirm.busy ? 'Opening the backup…' : 'Confirm my backup'}
            </button>
          </form>
        </li>
      </ol>
    </section>
  );
}
