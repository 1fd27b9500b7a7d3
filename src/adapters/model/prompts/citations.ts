/**
 * The composer cites observations inline, as `[s1]` or `[s1, s2]`, so its answer can stream as plain text. This
 * filter takes the text as it arrives, lifts out the markers that name observations or look like an observation id
 * (they become the response's citations; the harness refuses one that names nothing) and passes everything else
 * on — a bracket that is not such a marker ("[sic]", "[1 of 3]") is kept as written. A
 * space before a lifted marker is dropped when punctuation follows, so "in Missio Nexus [s1]." reads "…Nexus.".
 * The streamed pieces concatenate to exactly the final text.
 */
const MAX_MARKER = 200;
const PUNCTUATION = /^[.,;:!?)]/;
/** An id-shaped token (s1, s2.3, o12): lifted even when unknown, so the grounding check sees the bad citation. */
const ID_SHAPED = /^[A-Za-z]{1,3}\d{1,4}(?:\.\d{1,4})?$/;

export class CitationFilter {
  readonly citations: string[] = [];
  private held = ''; // whitespace not yet passed on
  private marker: string | null = null; // an open '[' and what followed it
  private droppedMarker = false;

  constructor(private readonly known: ReadonlySet<string>) {}

  /** Feeds a piece of text; returns what may be shown now. */
  push(piece: string): string {
    let out = '';
    for (const c of piece) {
      if (this.marker !== null) {
        this.marker += c;
        if (c === ']') out += this.closeMarker();
        else if (c === '\n' || this.marker.length > MAX_MARKER) out += this.flushMarker();
        continue;
      }
      if (c === '[') {
        this.marker = '[';
        continue;
      }
      if (/\s/.test(c)) {
        // "Bob [s1] is": the space before the lifted marker already stands for the one after it.
        if (!(this.droppedMarker && this.held !== '')) this.held += c;
        continue;
      }
      if (this.droppedMarker && PUNCTUATION.test(c)) this.held = '';
      this.droppedMarker = false;
      out += this.held + c;
      this.held = '';
    }
    return out;
  }

  /** The end of the text: whatever is still held back. */
  end(): string {
    const out = this.marker !== null ? this.flushMarker() : '';
    return out;
  }

  private closeMarker(): string {
    const inner = this.marker!.slice(1, -1);
    const ids = inner.split(',').map((s) => s.trim());
    if (ids.length > 0 && ids.every((id) => this.known.has(id) || ID_SHAPED.test(id))) {
      for (const id of ids) if (!this.citations.includes(id)) this.citations.push(id);
      this.marker = null;
      this.droppedMarker = true;
      return '';
    }
    return this.flushMarker();
  }

  private flushMarker(): string {
    const text = this.held + this.marker!;
    this.held = '';
    this.marker = null;
    this.droppedMarker = false;
    return text;
  }
}

/** The whole text at once (a non-streamed answer): the same filter, so both paths give the same text. */
export function liftCitations(text: string, known: ReadonlySet<string>): { text: string; citations: string[] } {
  const filter = new CitationFilter(known);
  const out = filter.push(text) + filter.end();
  return { text: out.trim(), citations: filter.citations };
}
