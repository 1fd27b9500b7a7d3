import type { PlannerTrace } from '../../protocol/harness-reply';
import { message } from '../words/messages';
import { plainTrace } from '../words/plain-trace';

/** "Why?": the plannerTrace in plain language — which stage decided what, by which rule. Closed until asked. */
export function WhyDisclosure({ trace }: { trace: PlannerTrace }) {
  const lines = plainTrace(trace);
  return (
    <details className="ha-why">
      <summary>{message('whySummary')}</summary>
      <dl>
        {lines.map((line, i) => (
          <div key={i} className="ha-why-line">
            <dt>{line.stage}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
