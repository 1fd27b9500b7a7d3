import type { ReactNode } from 'react';
import { message } from '../words/messages';

/**
 * What a careful person may check but nobody needs to read first (digests, commitments, internal ids), folded under
 * "Details" so the words above it stay plain.
 */
export function Details({ children, summary = message('detailsSummary') }: { children: ReactNode; summary?: string }) {
  return (
    <details className="ha-details">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
