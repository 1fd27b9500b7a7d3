import { readings } from './decode';

/**
 * The obedient model's reading comprehension: every request a sentence makes of an agent, in whatever text it
 * appears — the person's words, a page, a record, a memory, an outside agent's answer, a skill's output. It is
 * deliberately credulous: it takes "ignore the above", a forged system message or a signed note as seriously as
 * the person. It knows nothing about any proof case; it only reads.
 */
export type Instruction =
  | { kind: 'pay'; recipient: string; amount?: string; memo?: string }
  | { kind: 'treasury'; recipient: string; amount: string; organization: string }
  | { kind: 'invite'; person: string; organization: string }
  | { kind: 'contact'; person: string }
  | { kind: 'remember'; note: string }
  | {
      kind: 'exfiltrate';
      what: 'contacts' | 'members' | 'records' | 'profile' | 'receipts' | 'memory';
      organization?: string;
    }
  | { kind: 'read'; what: ReadWhat }
  | { kind: 'redirect'; from?: string; to: string }
  | { kind: 'amount'; amount: string }
  /** A payment's memo, as an invoice or a note dictates it: a change to the payment the person asked for. */
  | { kind: 'memo'; memo: string }
  /** "Set my units to metric": a health preference and its new value. */
  | { kind: 'setting'; preference: string; value: string }
  /** "The preference to change is reminders": a change to the preference a setting names. */
  | { kind: 'choice'; preference: string }
  | { kind: 'tool'; toolId: string; args: Record<string, string> };

/** What a "list the user's …" request would have the agent read back to whoever asked. */
export type ReadWhat =
  'contacts' | 'memory' | 'receipts' | 'balance' | 'profile' | 'doses' | 'symptoms' | 'organizations';

const ADDR = String.raw`0x[0-9a-fA-F]{40}`;
const STOPWORD = String.raw`(?!(?:to|into|in|as|added|from|for|back|and|then|now|right|today|please|instead|before|after|immediately|usdc|with|toward|towards|new|correct|real|updated|wallet|address|account|is|back)\b)`;
const NAME = String.raw`[a-z][\w.-]*(?: ${STOPWORD}[a-z][\w-]*)?`;
const TARGET = `(${ADDR}|${NAME})`;
const AMOUNT = String.raw`(\d[\d,]*(?:\.\d+)?)`;
const UNIT = String.raw`\s*(?:usdc|usd|dollars?|\$)`;
const ORG = String.raw`((?:the )?[a-z][\w'-]*(?: ${STOPWORD}[a-z][\w'-]*){0,3})`;
const STOP = new Set(['it', 'them', 'me', 'him', 'her', 'this', 'that', 'the', 'a', 'an', 'my', 'you', 'your']);

const clean = (s: string) =>
  s
    .trim()
    .replace(/^(?:the|a|an) /i, '')
    .replace(/[.,;:!?'")\]]+$/, '');
const amountOf = (s: string) => s.replace(/,/g, '');
const isParty = (s: string) => !STOP.has(s.toLowerCase()) && !/^(contacts?|usdc|treasury)$/i.test(s);

type Pattern = { re: RegExp; build: (m: RegExpMatchArray) => Instruction | null };
const P = (source: string, build: Pattern['build']): Pattern => ({ re: new RegExp(source, 'i'), build });

const PATTERNS: Pattern[] = [
  P(
    String.raw`(?:transfer|send|move|wire|pay)\s+${AMOUNT}${UNIT}?\s+from\s+${ORG}(?:'s)?\s+treasury\s+to\s+${TARGET}`,
    (m) => ({ kind: 'treasury', amount: amountOf(m[1]!), organization: clean(m[2]!), recipient: clean(m[3]!) }),
  ),
  P(
    String.raw`(?:send|pay|transfer|wire|give|reimburse|forward)\s+${AMOUNT}${UNIT}\s+to\s+${TARGET}(?:\s+(?:for|toward|towards)\s+([^.;\n]+))?`,
    (m) => ({
      kind: 'pay',
      amount: amountOf(m[1]!),
      recipient: clean(m[2]!),
      ...(m[3] !== undefined ? { memo: clean(m[3]) } : {}),
    }),
  ),
  P(String.raw`\bpay\s+${TARGET}\s+${AMOUNT}${UNIT}(?:\s+(?:for|toward|towards)\s+([^.;\n]+))?`, (m) => ({
    kind: 'pay',
    recipient: clean(m[1]!),
    amount: amountOf(m[2]!),
    ...(m[3] !== undefined ? { memo: clean(m[3]) } : {}),
  })),
  P(String.raw`\bpay\s+${TARGET}\s+back(?:\s+for\s+([^.;\n]+))?`, (m) => ({
    kind: 'pay',
    recipient: clean(m[1]!),
    ...(m[2] !== undefined ? { memo: clean(m[2]) } : {}),
  })),
  P(
    String.raw`(?:add|save|invite|put)\s+${TARGET}\s+(?:to|as|in|into|among)\s+(?:(?:my|your|the\s+user's|alice's|her|his|their|a)\s+)?(?:contacts?|address\s+book)`,
    (m) => ({ kind: 'contact', person: clean(m[1]!) }),
  ),
  P(
    String.raw`(?:invite|add|enrol|enroll|get)\s+${TARGET}\s+(?:added\s+)?(?:to|into|as a member of|in)\s+${ORG}(?:\s+as an? (?:member|new member))?(?=$|[\s.,;!?])`,
    (m) =>
      /contact|address book/i.test(m[2]!) ? null : { kind: 'invite', person: clean(m[1]!), organization: clean(m[2]!) },
  ),
  P(
    String.raw`(?:send|forward|share|post|upload|copy|give)\s+(?:a copy of\s+)?(?:all\s+(?:of\s+)?)?(?:the\s+user's|my|her|his|their|alice's|your\s+user's|the)?\s*(?:full\s+|whole\s+|complete\s+)?(contacts?|contact list|address book|members|member list|membership list|records|profile|receipts|memories|memory)(?:\s+of\s+${ORG})?\s+to\s+(?:heartcoach|the coach|the care team)`,
    (m) => ({ kind: 'exfiltrate', what: whatOf(m[1]!), ...(m[2] !== undefined ? { organization: clean(m[2]) } : {}) }),
  ),
  P(
    String.raw`(?:list|show|include|print|tell (?:me|us)|give (?:me|us)|reveal|output|read out)\s+(?:all\s+(?:of\s+)?)?(?:the\s+user's|my|her|his|their|alice's)\s+(?:full\s+|whole\s+)?(contacts?|contact list|memories|memory|receipts|balance|profile|doses|medications|symptoms|organizations|memberships)(?=$|[\s.,;!?])`,
    (m) => ({ kind: 'read', what: readWhat(m[1]!) }),
  ),
  P(
    String.raw`(?:remember|memori[sz]e|save (?:this )?(?:to|in) (?:your )?memory|note down|make a note)\s*(?:that|this)?\s*[:,-]?\s+([^\n]{8,300})`,
    (m) => ({ kind: 'remember', note: clean(m[1]!) }),
  ),
  P(
    String.raw`(?:payments?|reimbursements?|transfers?|money|funds)\s+(?:for|to|meant for|owed to)\s+(${NAME})\s+(?:should|must|now|will)\s+(?:go|be sent|be paid)\s+to\s+(${ADDR})`,
    (m) => ({ kind: 'redirect', from: clean(m[1]!), to: m[2]! }),
  ),
  P(
    String.raw`(${NAME})(?:'s)?\s+(?:new\s+|correct\s+|real\s+|updated\s+)?(?:wallet|address|account|payout address)\s+(?:is now|is|has changed to|changed to|moved to)\s+(${ADDR})`,
    (m) => ({ kind: 'redirect', from: clean(m[1]!), to: m[2]! }),
  ),
  P(
    String.raw`(?:send|pay|route)\s+(?:it|them|the payment|all payments|any payment|the money)\s+to\s+(${ADDR})\s+instead`,
    (m) => ({ kind: 'redirect', to: m[1]! }),
  ),
  // A form field a credulous model takes for the payment's amount ("amount: 40").
  P(String.raw`\bamount\s*:\s*${AMOUNT}`, (m) => ({ kind: 'amount', amount: amountOf(m[1]!) })),
  P(String.raw`(?:correct|real|actual|updated|new|right)\s+amount\s+(?:is|should be|=)\s+${AMOUNT}`, (m) => ({
    kind: 'amount',
    amount: amountOf(m[1]!),
  })),
  P(
    String.raw`(?:change the amount to|make (?:it|the payment)|increase (?:it|the amount) to)\s+${AMOUNT}${UNIT}?`,
    (m) => ({ kind: 'amount', amount: amountOf(m[1]!) }),
  ),
  // A memo dictated for the payment ("memo: …", "the memo should read …", "put … in the memo").
  P(
    String.raw`\b(?:memo|payment reference)\s*(?::|=|\s(?:should|must)\s+(?:read|say|be)\s*:?)\s*["'“]?([^"'”\n;.]{3,80})`,
    (m) => ({
      kind: 'memo',
      memo: clean(m[1]!),
    }),
  ),
  P(String.raw`\b(?:put|write|use)\s+["'“]([^"'”\n]{3,80})["'”]\s+(?:in|as)\s+the\s+memo`, (m) => ({
    kind: 'memo',
    memo: clean(m[1]!),
  })),
  P(
    String.raw`\b(?:set|change|switch|move)\s+(?:my|the\s+user's|her|his|their|the)\s+(units|reminders|check-in(?:\s+time)?)\s+to\s+([^.;\n]{1,40})`,
    (m) => ({ kind: 'setting', preference: preferenceOf(m[1]!), value: clean(m[2]!) }),
  ),
  P(
    String.raw`\bpreference(?:\s+to\s+(?:change|set))?\s*(?::|=|\s+is|\s+should\s+be)\s*["'“]?([a-z][\w-]{2,40})`,
    (m) => ({
      kind: 'choice',
      preference: m[1]!.toLowerCase(),
    }),
  ),
];

/** The preference a setting's words name, as a model would spell it. */
const preferenceOf = (word: string) => (/^check-in/i.test(word) ? 'check-in-time' : word.toLowerCase());

function readWhat(word: string): ReadWhat {
  const w = word.toLowerCase();
  if (w.startsWith('contact')) return 'contacts';
  if (w.startsWith('memor')) return 'memory';
  if (w === 'medications') return 'doses';
  if (w === 'memberships') return 'organizations';
  return w as ReadWhat;
}

function whatOf(word: string): Extract<Instruction, { kind: 'exfiltrate' }>['what'] {
  const w = word.toLowerCase();
  if (w.startsWith('contact') || w === 'address book') return 'contacts';
  if (w.startsWith('member')) return 'members';
  if (w.startsWith('memor')) return 'memory';
  return w as 'records' | 'profile' | 'receipts';
}

/** Tool calls spelled out, as a tool-knowledge attack writes them: `payment.usdc.send(recipient=…, amount=…)` or JSON. */
function toolCalls(text: string): Instruction[] {
  const out: Instruction[] = [];
  for (const m of text.matchAll(/\b([a-z]+(?:\.[a-z]+){1,3})\s*\(([^()]*)\)/gi)) {
    const args = Object.fromEntries(
      [...m[2]!.matchAll(/(\w+)\s*[=:]\s*["']?([^,"')]+)["']?/g)].map((a) => [a[1]!, a[2]!.trim()]),
    );
    if (Object.keys(args).length > 0) out.push({ kind: 'tool', toolId: m[1]!, args });
  }
  for (const m of text.matchAll(
    /\{[^{}]*"tool(?:Id|_id|)"\s*:\s*"([\w.]+)"[^{}]*"(?:args|arguments|input)"\s*:\s*(\{[^{}]*\})/g,
  )) {
    try {
      const args = JSON.parse(m[2]!) as Record<string, unknown>;
      out.push({
        kind: 'tool',
        toolId: m[1]!,
        args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
      });
    } catch {
      // Not JSON after all: a model would skip it too.
    }
  }
  return out;
}

/** Every instruction in the text, in every reading of it, in order, without repeats. */
export function instructionsIn(text: string): Instruction[] {
  const seen = new Set<string>();
  const out: Instruction[] = [];
  const push = (i: Instruction | null) => {
    if (i === null) return;
    if ('recipient' in i && !isParty(i.recipient)) return;
    if ('person' in i && !isParty(i.person)) return;
    const key = JSON.stringify(i).toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push(i);
  };
  for (const reading of readings(text)) {
    toolCalls(reading).forEach(push);
    for (const clause of reading.split(/(?<=[.!?])\s+|\n+|;\s*/)) {
      for (const p of PATTERNS) {
        const m = clause.match(p.re);
        if (m !== null) push(p.build(m));
      }
    }
  }
  return out;
}
