import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { demoExtension } from './faces-support';
import {
  consentWindow,
  heartcoachAskMe,
  signInToHeartCoach,
  startGatewayProcess,
  type GatewayProcess,
} from './heartcoach-support';

/**
 * The person's agent in A2A's own terms, through `window.homeAgent` on the HeartCoach page: HeartCoach's gateway
 * signs the caller assertion for the person's wire (its "My agent" door), the page sends A2A `SendMessage` with it,
 * and the Task that comes back parks AUTH_REQUIRED until Alice signs in her own popup — then the page hears
 * `taskStatusUpdate` COMPLETED and `GetTask` carries the receipt. `CancelTask` before signing leaves nothing done and
 * withdraws the request from the popup. The built extension in Debian's Chromium; the real gateway on loopback.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Wire = { ok: true; data: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };
type Task = {
  id: string;
  status: { state: string; message?: { parts: { text?: string; data?: Record<string, unknown> }[] } };
  artifacts?: { name?: string; parts: { data?: { receipts?: { status: string }[] } }[] }[];
  metadata?: { runRef?: string };
};
let gw: GatewayProcess;
let extension: ExtensionHandle;
let home: Page;
let coach: Page;

async function send(message: unknown): Promise<Record<string, unknown>> {
  const reply = await home.evaluate((m) => chrome.runtime.sendMessage(m) as Promise<Wire>, message);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.data;
}

/** HeartCoach's credential for these words (what its My agent door hands the page), sent as A2A SendMessage. */
const sendMessage = async (words: string) => {
  const { credential } = await heartcoachAskMe(coach, words);
  return coach.evaluate(
    async ([message, askAsMe]) => {
      const agent = window.homeAgent;
      const w = window as unknown as { updates: { taskId: string; status: { state: string } }[] };
      if (w.updates === undefined) {
        w.updates = [];
        agent.on('taskStatusUpdate', (u) => w.updates.push(u as (typeof w.updates)[number]));
      }
      return (await agent.request({
        method: 'SendMessage',
        params: {
          message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: message }] },
          metadata: { askAsMe },
        },
      })) as { task: Task };
    },
    [words, credential] as const,
  );
};

const a2a = (method: 'GetTask' | 'CancelTask', id: string) =>
  coach.evaluate(
    async ([m, taskId]) => (await window.homeAgent.request({ method: m!, params: { id: taskId } })) as Task,
    [method, id] as const,
  );

const contacts = async () => {
  const reply = (await send({ type: 'ask', words: 'How many contacts do I have?' })) as { reply: { text: string } };
  return reply.reply.text;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [gw, extension] = await Promise.all([startGatewayProcess(), demoExtension()]);
  home = await extension.context.newPage();
  await home.goto(extension.url('options.html'));
  coach = await extension.context.newPage();
  await signInToHeartCoach(extension.context, coach, gw.url);
  const consent = await consentWindow(extension.context, () =>
    coach.getByRole('button', { name: 'Let HeartCoach ask my agent' }).click(),
  );
  // Alice lets HeartCoach be answered from her contacts and organizations (the act resolves Dave in them).
  const read = consent.getByRole('group', { name: 'What your agent may answer it from' });
  await read.getByRole('checkbox', { name: /^Contacts/ }).check();
  await read.getByRole('checkbox', { name: /^Organizations/ }).check();
  await consent.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(coach.locator('#wire-status')).toHaveText(/^HeartCoach may ask your agent until/, { timeout: 30_000 });
});
test.afterAll(async () => {
  await extension?.close();
  await gw?.close();
});

test('CancelTask before signing: the task is CANCELED, the popup no longer lists it, nothing was done', async () => {
  const before = await contacts();
  const { task } = await sendMessage('Add dave to my contacts.');
  expect(task.status.state).toBe('TASK_STATE_AUTH_REQUIRED');
  const runRef = task.metadata!.runRef!;
  const waiting = () =>
    send({ type: 'agent.pending' }).then((d) => (d.runs as { runRef: string }[]).map((r) => r.runRef));
  expect(await waiting()).toContain(runRef);
  const canceled = await a2a('CancelTask', task.id);
  expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
  expect(await waiting()).not.toContain(runRef);
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible({ timeout: 30_000 });
  await popup.close();
  expect((await a2a('GetTask', task.id)).status.state).toBe('TASK_STATE_CANCELED');
  expect(await contacts()).toBe(before);
});

test('SendMessage → AUTH_REQUIRED (the requirement in words, the grant link) → signed in the popup → COMPLETED with the receipt', async ({
  saveScreenshot,
}) => {
  const { task } = await sendMessage('Add dave to my contacts.');
  expect(task.status.state).toBe('TASK_STATE_AUTH_REQUIRED');
  const [words, data] = task.status.message!.parts;
  expect(words!.text).toContain('it waits for the person to sign in their own Home Agent popup');
  expect(data!.data).toMatchObject({ grantLink: expect.stringContaining('?run=') });

  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByRole('list', { name: 'Pending requests' }).getByRole('button')).toHaveCount(1, {
    timeout: 30_000,
  });
  await saveScreenshot(popup, 'a2a-task-popup');
  await popup.getByRole('button', { name: 'Sign', exact: true }).click();
  await coach.waitForFunction(
    (id) =>
      (window as unknown as { updates: { taskId: string; status: { state: string } }[] }).updates.some(
        (u) => u.taskId === id && u.status.state === 'TASK_STATE_COMPLETED',
      ),
    task.id,
    { timeout: 30_000 },
  );
  const done = await a2a('GetTask', task.id);
  expect(done.status.state).toBe('TASK_STATE_COMPLETED');
  const receipt = done.artifacts!.find((a) => a.name === 'receipt')!;
  expect(receipt.parts[0]!.data!.receipts).toContainEqual(expect.objectContaining({ status: 'committed' }));
  await popup.close();
});
