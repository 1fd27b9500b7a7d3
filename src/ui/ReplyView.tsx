import type { AskReply } from '../protocol/messages';
import { QuotedMaterial } from './QuotedMaterial';

/** The agent's reply to an ask. For now an echo; the harness issue adds its six reply kinds here. */
export function ReplyView({ reply }: { reply: AskReply }) {
  return (
    <section className="ha-reply" aria-label="Reply from your agent">
      <p>{reply.text}</p>
      {reply.material === undefined ? null : <QuotedMaterial material={reply.material} />}
      <p className="ha-meta">
        Run <code>{reply.runRef}</code>
      </p>
    </section>
  );
}
