import { useState } from 'react';
import { shortAddress, when } from '../words/format';
import { message, type MessageKey } from '../words/messages';

/** An address (20 bytes) or a digest (32 bytes) in hex: values too long for a side panel's column. */
const LONG_HEX = /^0x[0-9a-fA-F]{40,}$/;

/** Whether a value is a long hex value the faces shorten (an address, a digest, a transaction hash). */
export function isLongHex(value: string): boolean {
  return LONG_HEX.test(value);
}

/** What a long value is, as its copy button names it. */
export type LongValueKind = 'address' | 'value' | 'commitment';

const COPY: Record<LongValueKind, MessageKey> = {
  address: 'longCopyAddress',
  value: 'longCopyValue',
  commitment: 'longCopyCommitment',
};

/**
 * A long value as a side panel can hold it: `0x1234…abcd`, the whole value in its title, in what a screen reader
 * reads, and shown in full while the value has keyboard focus; a Copy button puts the whole value on the clipboard,
 * so nobody retypes an address from a shortened one.
 */
export function LongValue({ value, what = 'address' }: { value: string; what?: LongValueKind }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <span className="ha-long">
      <code className="ha-long-value" tabIndex={0} title={value}>
        <span className="ha-long-short" aria-hidden="true">
          {shortAddress(value)}
        </span>
        {/* Read whole by a screen reader; shown whole while focused. */}
        <span className="ha-long-full">{value}</span>
      </code>
      <button type="button" className="ha-copy" aria-label={message(COPY[what], value)} onClick={copy}>
        {message(copied ? 'longCopied' : 'longCopy')}
      </button>
    </span>
  );
}

/** A table cell's or fact's value: long hex shortened with a copy button, anything else as text that wraps. */
export function CellValue({ value }: { value: unknown }) {
  const text = value === undefined || value === null ? '' : String(value);
  if (isLongHex(text)) return <LongValue value={text} what={text.length === 42 ? 'address' : 'value'} />;
  // An instant a read gives in ISO 8601 (a receipt's): shown in the person's own locale and zone.
  if (INSTANT.test(text)) return <time dateTime={text}>{when(Date.parse(text))}</time>;
  return <>{text}</>;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
