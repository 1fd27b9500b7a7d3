import { useState, type FormEvent } from 'react';
import { HOME_LIMITS } from '../../protocol/messages/home';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { readChosenFile, saveFile } from '../download';
import { message } from '../words/messages';
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
    if (file === undefined) return setLocal(message('backupChooseFile'));
    let text: string;
    try {
      text = await readChosenFile(file, HOME_LIMITS.backup);
    } catch (error) {
      return setLocal(error instanceof Error ? error.message : message('backupUnreadable'));
    }
    const status = await confirm.run({ type: 'home.backup.confirm', backup: text, passphrase });
    if (status !== undefined) onConfirmed(status);
  };
  return (
    <section aria-labelledby="backup-title" className="ha-card">
      <h2 id="backup-title">{message('backupTitle')}</h2>
      <ol>
        <li>
          <p>{message('backupSaveWhy')}</p>
          <button type="button" onClick={() => void download()}>
            {message('backupSave')}
          </button>
          {saved ? <p className="ha-meta">{message('backupSaved')}</p> : null}
          <ErrorText error={fetchBackup.error} />
        </li>
        <li>
          <form onSubmit={(e) => void submit(e)}>
            <p>{message('backupOpenWhy')}</p>
            <Field
              label={message('backupFile')}
              type="file"
              accept="application/json,.json"
              required
              onChange={(e) => setFile(e.target.files?.[0])}
            />
            <Field
              label={message('backupPassphrase')}
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
              {confirm.busy ? message('backupOpening') : message('backupConfirm')}
            </button>
          </form>
        </li>
      </ol>
    </section>
  );
}
