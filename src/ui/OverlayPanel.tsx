import { useEffect, useRef, useState } from 'react';
import type { Material } from '../protocol/messages/index';
import { Conversation } from './conversation/Conversation';
import type { AgentTransport } from './conversation/transport';
import { QuotedMaterial } from './QuotedMaterial';
import { useUncovered } from './use-uncovered';
import { message } from './words/messages';

/**
 * The page's selection as the frame knows it: being fetched, here (or none was selected), or not to be had — this
 * frame was not opened by Home Agent's content script (a page's copy of it), or the selection was already taken.
 * Only `ready` holds a conversation: the frame fails closed.
 */
export type QuotedState =
  { state: 'fetching' } | { state: 'ready'; material: Material | undefined } | { state: 'lost'; message: string };

/**
 * The overlay's conversation, rendered inside the overlay frame (entrypoints/overlay-frame), an extension page the
 * web page around it can neither read nor script: the quoted selection, shown as material and never an instruction,
 * then the side panel's own conversation — replies rendered in full, answers streamed, prompts, and
 * `authority_required` with "Review and sign", which opens Home Agent's popup. The × (or Escape) closes it. A frame
 * whose selection could not be had offers nothing to ask (a page may embed a copy of this page; it must be useless). While
 * the page covers or distorts the frame (a clickjacking attempt), its controls are paused.
 */
export function OverlayPanel(props: {
  quoted: QuotedState;
  transport: AgentTransport;
  onClose: () => void;
  openSidePanel?: () => Promise<boolean>;
}) {
  const root = useRef<HTMLElement>(null);
  const [panel, setPanel] = useState<'closed' | 'opened' | 'refused'>('closed');
  const uncovered = useUncovered(root);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') props.onClose();
    };
    // On key up: closing removes this frame, and a frame removed between a key's down and up strands the key's up.
    window.addEventListener('keyup', onKey);
    return () => window.removeEventListener('keyup', onKey);
  }, [props]);
  // Focus arrives from the page (the content script focuses the frame when it loads): the person lands in the Ask
  // box — once it is there (after the selection is fetched), or when the frame gets focus later. Once there is a
  // reply to read, focus moves without scrolling: the person clicking back into the overlay to read a reply taller
  // than the view (a red urgency banner, then its answer) would otherwise see it jump to the Ask box below, the
  // banner's head scrolled out of view. Typing scrolls the Ask box into view anyway.
  const ready = props.quoted.state !== 'fetching';
  useEffect(() => {
    const toAskBox = () => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      const replied = root.current?.querySelector('[role="log"] > *') !== null;
      root.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: replied });
    };
    if (ready && document.hasFocus()) toAskBox();
    window.addEventListener('focus', toAskBox);
    return () => window.removeEventListener('focus', toAskBox);
  }, [ready]);
  const { quoted } = props;
  const material = quoted.state === 'ready' ? quoted.material : undefined;
  return (
    <section ref={root} className="ha-overlay-frame" role="dialog" aria-label={message('overlayLabel')}>
      <header>
        <strong>Home Agent</strong>
        <button type="button" className="ha-secondary" onClick={props.onClose} aria-label={message('overlayClose')}>
          ×
        </button>
      </header>
      {uncovered ? null : (
        <p role="status" className="ha-error">
          {message('overlayCovered')}
        </p>
      )}
      <div inert={!uncovered}>
        {quoted.state === 'fetching' ? <p className="ha-meta">{message('overlayFetching')}</p> : null}
        {quoted.state === 'lost' ? (
          <p role="alert" className="ha-error">
            {quoted.message}
          </p>
        ) : null}
        {material === undefined ? null : <QuotedMaterial material={material} />}
        {quoted.state !== 'ready' ? null : (
          <Conversation
            transport={props.transport}
            {...(material === undefined ? {} : { material })}
            askLabel={message(material === undefined ? 'conversationAsk' : 'overlayAskAbout')}
            requireTrustedGesture
          />
        )}
        {props.openSidePanel === undefined ? null : (
          <p className="ha-actions">
            <button
              type="button"
              className="ha-link"
              onClick={() => void props.openSidePanel?.().then((opened) => setPanel(opened ? 'opened' : 'refused'))}
            >
              {message('overlayOpenSidePanel')}
            </button>
          </p>
        )}
        {panel === 'refused' ? <p className="ha-meta">{message('overlayOpenFromToolbar')}</p> : null}
      </div>
    </section>
  );
}
