import type { ReplyOf } from '../conversation/transport';
import { message } from '../words/messages';

/** The escalation tier an answer carries when the person's words reported a red-flag symptom. */
export type Urgency = NonNullable<ReplyOf<'answer'>['urgency']>;

/** A number a `tel:` link may dial: digits, with at most a leading plus and the keypad's `*` and `#`. */
const DIALABLE = /^\+?[0-9*#]{1,15}$/;

/** The number as a `tel:` address, or null when it is not one a phone could dial (then no link is offered). */
export function telHref(emergencyNumber: string | null): string | null {
  const number = (emergencyNumber ?? '').replace(/[\s-]/g, '');
  return DIALABLE.test(number) ? `tel:${number}` : null;
}

/**
 * The tier told first, above the answer's words, as HeartCoach's page tells it: red is an emergency (a red banner,
 * announced at once as an alert, with the number to call as a link the phone can dial); amber is the care team today
 * (an amber note, announced politely). The answer's own words, with the doctrine's advice, follow it.
 */
export function UrgencyBanner({ urgency }: { urgency: Urgency }) {
  const red = urgency.colour === 'red';
  const number = urgency.emergencyNumber;
  const href = telHref(number);
  const say = red
    ? number === null
      ? message('urgencyRedSayNoNumber')
      : message('urgencyRedSay', number)
    : message('urgencyAmberSay');
  return (
    <div
      className={`ha-urgency ha-urgency-${urgency.colour}`}
      role={red ? 'alert' : 'status'}
      data-tier={urgency.tier}
      data-colour={urgency.colour}
    >
      <p className="ha-urgency-tier">{message(red ? 'urgencyRedTier' : 'urgencyAmberTier')}</p>
      <p className="ha-urgency-say">{say}</p>
      {href === null || number === null ? null : (
        <a className="ha-urgency-call" href={href}>
          {message('urgencyCall', number)}
        </a>
      )}
    </div>
  );
}
