import type { Result } from '../protocol/errors';
import type { AskReply, Material } from '../protocol/messages';
import { AskBox } from './AskBox';
import { QuotedMaterial } from './QuotedMaterial';

/** The in-page overlay: the quoted selection (if any), an Ask box, and a way to close it. */
export function OverlayPanel(props: {
  material: Material | undefined;
  ask: (words: string, material: Material | undefined) => Promise<Result<AskReply>>;
  onClose: () => void;
}) {
  return (
    <aside className="ha-overlay" role="dialog" aria-label="Ask Home Agent">
      <header>
        <strong>Home Agent</strong>
        <button type="button" onClick={props.onClose} aria-label="Close Home Agent">
          ×
        </button>
      </header>
      {props.material === undefined ? null : <QuotedMaterial material={props.material} />}
      <AskBox
        label={props.material === undefined ? 'Ask your agent' : 'Ask your agent about this'}
        ask={(words) => props.ask(words, props.material)}
        requireTrustedGesture
      />
    </aside>
  );
}
