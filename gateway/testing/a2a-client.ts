import type { CoachAnswer } from '../../src/protocol/heartcoach';

/** One Ask as the extension (v1.0) or the seed's screen (v0.3) sends it, over real HTTP. */
export type Ask = {
  skill: string;
  text: string;
  data?: Record<string, unknown>;
  practice?: string;
  patient?: string;
  version?: '1.0' | '0.3';
};

export type AskResult = {
  status: number;
  body: {
    jsonrpc: '2.0';
    id: unknown;
    result?: unknown;
    error?: { code: number; message: string; data?: { code: string; status: number } };
  };
  /** The answer's data part, when there is one. */
  answer: (CoachAnswer & Record<string, unknown>) | null;
};

let counter = 0;

export async function ask(url: string, token: string | null, a: Ask): Promise<AskResult> {
  const version = a.version ?? '1.0';
  const metadata = {
    skill: a.skill,
    ...(a.practice ? { practice: a.practice } : {}),
    ...(a.patient ? { patient: a.patient } : {}),
  };
  counter += 1;
  const message =
    version === '1.0'
      ? {
          messageId: `m-${counter}`,
          role: 'ROLE_USER',
          parts: [{ text: a.text }, ...(a.data ? [{ data: a.data }] : [])],
          metadata,
        }
      : {
          role: 'user',
          parts: [{ kind: 'text', text: a.text }, ...(a.data ? [{ kind: 'data', data: a.data }] : [])],
          metadata: { ...metadata, message: a.text },
        };
  const res = await fetch(`${url}/a2a`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(version === '1.0' ? { 'A2A-Version': '1.0' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: `r-${counter}`,
      method: version === '1.0' ? 'SendMessage' : 'message/send',
      params: { message },
    }),
  });
  const body = (await res.json()) as AskResult['body'];
  return { status: res.status, body, answer: answerOfResult(body.result) };
}

type Parts = Array<{ data?: unknown }>;
type TaskShape = { artifacts?: Array<{ parts: Parts }>; status?: { message?: { parts: Parts } } };

/** The answer's data part in a SendMessage result: a Task's artifact (v1.0 `{ task }`, v0.3 `kind: 'task'`). */
export function answerOfResult(result: unknown): AskResult['answer'] {
  const r = result as ({ task?: TaskShape; message?: { parts: Parts }; parts?: Parts } & TaskShape) | undefined;
  const task = r?.task ?? r;
  const parts = task?.artifacts?.[0]?.parts ?? r?.message?.parts ?? r?.parts;
  return (parts?.find((p) => p.data !== undefined)?.data as AskResult['answer']) ?? null;
}
