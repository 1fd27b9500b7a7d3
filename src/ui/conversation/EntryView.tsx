import { QuotedMaterial } from '../QuotedMaterial';
import { message } from '../words/messages';
import { ReplyCard } from './ReplyCard';
import type { ReplyActions } from './transport';
import type { Entry } from './use-conversation';

/** One entry of the log: the person's words (with any quoted page text, shown as material), a reply, or progress. */
export function EntryView({ entry, actions }: { entry: Entry; actions: ReplyActions }) {
  switch (entry.from) {
    case 'you':
      return (
        <div className="ha-you">
          <p>
            <span className="ha-visually-hidden">{message('entryYou')} </span>
            {entry.words}
          </p>
          {entry.material === undefined ? null : <QuotedMaterial material={entry.material} />}
        </div>
      );
    case 'agent':
      return <ReplyCard response={entry.response} actions={actions} now={Date.now()} />;
    case 'error':
      // Kept from an earlier visit, a refusal is a record, not news: it is not announced again.
      return (
        <p role={actions.restored === true ? undefined : 'alert'} className="ha-error">
          {entry.error.message}
        </p>
      );
    case 'waiting':
      return (
        <div className="ha-waiting" aria-busy="true">
          <p className="ha-meta">
            <span className="ha-spinner" aria-hidden="true" />{' '}
            {entry.step === undefined || entry.step.of < 2
              ? message('working')
              : message('stepProgress', String(entry.step.step), String(entry.step.of), entry.step.label)}
          </p>
          {entry.streamed === '' ? null : <p className="ha-streamed">{entry.streamed}</p>}
        </div>
      );
    case 'stopped':
      return <p className="ha-meta">{message('entryStopped')}</p>;
  }
}
