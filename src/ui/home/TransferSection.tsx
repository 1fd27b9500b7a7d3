import { useRef, useState, type FormEvent } from 'react';
import { HOME_LIMITS } from '../../protocol/messages/home';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { readChosenFile, saveFile } from '../download';
import { count } from '../words/format';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { Field, NewPassphraseFields, passphraseProblem } from './Field';

/** Export the whole vault, encrypted under a passphrase of its own. */
export function ExportVault() {
  const exporting = useAction();
  const [pass, setPass] = useState({ value: '', again: '' });
  const [exportProblem, setExportProblem] = useState<string | undefined>();
  const doExport = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = passphraseProblem(pass.value, pass.again);
    setExportProblem(wrong);
    if (wrong !== undefined) return;
    const file = await exporting.run({ type: 'home.vault.export', passphrase: pass.value });
    if (file !== undefined) saveFile({ fileName: file.fileName, mediaType: 'application/json', text: file.text });
  };
  return (
    <form onSubmit={(e) => void doExport(e)}>
      <h3>{message('transferExportTitle')}</h3>
      <p>{message('transferExportWhat')}</p>
      <NewPassphraseFields
        value={pass.value}
        again={pass.again}
        hint={message('transferExportHint')}
        onChange={(value, again) => setPass({ value, again })}
      />
      {exportProblem === undefined ? null : (
        <p role="alert" className="ha-error">
          {exportProblem}
        </p>
      )}
      <ErrorText error={exporting.error} />
      <button type="submit" disabled={exporting.busy} aria-busy={exporting.busy}>
        {exporting.busy ? message('transferEncrypting') : message('transferExport')}
      </button>
    </form>
  );
}

/** Import a vault file (replacing everything), in pieces with a progress bar and Cancel. */
export function ImportVault({
  onImported,
  heading = message('transferImportTitle'),
}: {
  onImported: (status: HomeStatus) => void;
  heading?: string;
}) {
  const importing = useAction();
  const [local, setLocal] = useState<string | undefined>();
  const [file, setFile] = useState<File | undefined>();
  const [importPass, setImportPass] = useState('');
  const [progress, setProgress] = useState<{ received: number; total: number } | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const cancelled = useRef(false);
  const upload = useRef<string | undefined>(undefined);
  const doImport = async (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    setLocal(undefined);
    if (file === undefined) return setLocal(message('transferChooseFile'));
    let text: string;
    try {
      text = await readChosenFile(file, HOME_LIMITS.vaultFile);
    } catch (error) {
      return setLocal(error instanceof Error ? error.message : message('transferUnreadable'));
    }
    cancelled.current = false;
    const begun = await importing.run({ type: 'home.vault.import.begin', chars: text.length });
    if (begun === undefined) return;
    upload.current = begun.uploadId;
    setProgress({ received: 0, total: text.length });
    for (let i = 0, index = 0; i < text.length; i += begun.chunkChars, index += 1) {
      if (cancelled.current) return;
      const step = await importing.run({
        type: 'home.vault.import.chunk',
        uploadId: begun.uploadId,
        index,
        data: text.slice(i, i + begun.chunkChars),
      });
      if (step === undefined) return setProgress(undefined);
      setProgress(step);
    }
    if (cancelled.current) return;
    const result = await importing.run({
      type: 'home.vault.import.commit',
      uploadId: begun.uploadId,
      passphrase: importPass,
    });
    setProgress(undefined);
    if (result === undefined) return;
    const records = count(result.counts.records ?? 0, message('transferRecordOne'), message('transferRecordMany'));
    setDone(message('transferImported', records));
    onImported(result.status);
  };

  const cancel = () => {
    cancelled.current = true;
    setProgress(undefined);
    if (upload.current !== undefined)
      void importing.run({ type: 'home.vault.import.cancel', uploadId: upload.current });
    setLocal(message('transferCancelled'));
  };

  return (
    <form onSubmit={(e) => void doImport(e)}>
      <h3>{heading}</h3>
      <p className="ha-warning">{message('transferReplaceWarning')}</p>
      <Field
        label={message('transferVaultFile')}
        type="file"
        accept="application/json,.json"
        required
        onChange={(e) => setFile(e.target.files?.[0])}
      />
      <Field
        label={message('transferFilePassphrase')}
        type="password"
        autoComplete="off"
        required
        value={importPass}
        onChange={(e) => setImportPass(e.target.value)}
      />
      {progress === undefined ? null : (
        <div>
          <label htmlFor="import-progress">{message('transferImporting')}</label>{' '}
          <progress id="import-progress" max={progress.total} value={progress.received} />
          <button type="button" className="ha-secondary" onClick={cancel}>
            {message('transferCancel')}
          </button>
        </div>
      )}
      {local === undefined ? null : (
        <p role="alert" className="ha-error">
          {local}
        </p>
      )}
      <ErrorText error={importing.error} />
      {done === undefined ? null : <p role="status">{done}</p>}
      <button type="submit" disabled={importing.busy || progress !== undefined}>
        {message('transferImportThis')}
      </button>
    </form>
  );
}

/** Export and import, as the Home's section. */
export function TransferSection({ onImported }: { onImported: (status: HomeStatus) => void }) {
  return (
    <section aria-labelledby="transfer-title" className="ha-card">
      <h2 id="transfer-title">{message('transferTitle')}</h2>
      <ExportVault />
      <ImportVault onImported={onImported} />
    </section>
  );
}
