import { getAddress } from 'viem';
import type { Page } from '@playwright/test';
import { JUDGE_TOOL } from '../src/adapters/model/prompts/judge';
import { PLAN_CHOICE_TOOL } from '../src/adapters/model/prompts/plan-choice';
import { distributionOver, forcedTool, planOptions } from '../src/adapters/model/testing/read-prompt';
import { demoAddressOf } from '../src/agent/demo';
import { reply } from '../src/testing/scripted-messages-script';
import {
  startScriptedMessagesServer,
  type RecordedRequest,
  type ScriptedMessagesServer,
} from '../src/testing/scripted-messages-server';
import { expect, test, type ExtensionHandle } from './fixtures';
import { demoExtension } from './faces-support';

/**
 * The side panel shows the answer as the model writes it, and Stop stops the model. The person's model is the
 * scripted Messages server on 127.0.0.1 (standing in for the hosted model, which cannot run here), set as the model's
 * base URL in the Home's settings like any Anthropic-compatible endpoint. Missio Nexus's letter skill streams its
 * text in small pieces 60 ms apart, so the panel can be seen showing part of it before the reply card arrives.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const LETTER = `Dear Marlow Foundation, we write to introduce Missio Nexus and our work with volunteers across the region. ${'We would be glad to tell you more about it. '.repeat(14)}`;

let server: ScriptedMessagesServer;
let extension: ExtensionHandle;
let panel: Page;

function script(r: RecordedRequest) {
  const tool = forcedTool(r);
  if (tool === JUDGE_TOOL)
    return reply.tool(JUDGE_TOOL, { distribution: distributionOver(r, { 'grant-inquiry-letter': 0.9, 'n/a': 0.1 }) });
  if (tool === PLAN_CHOICE_TOOL) {
    const one = planOptions(r).find((o) => o.tools.length === 1)!;
    return reply.tool(PLAN_CHOICE_TOOL, { distribution: distributionOver(r, { [one.id]: 0.9 }) });
  }
  return reply.text(LETTER);
}

test.beforeAll(async () => {
  server = await startScriptedMessagesServer({ script, chunkDelayMs: 60 });
  extension = await demoExtension();
  const options = await extension.context.newPage();
  await options.goto(extension.url('options.html'));
  const saved = await options.evaluate((patch) => chrome.runtime.sendMessage({ type: 'home.settings.set', patch }), {
    modelApiKey: 'sk-ant-e2e-streaming-0123',
    modelBaseUrl: server.url,
  });
  expect(saved).toMatchObject({ ok: true });
  await options.close();
  const missio = getAddress(await demoAddressOf('missio-nexus'));
  panel = await extension.context.newPage();
  await panel.goto(extension.url(`sidepanel.html?agent=${missio}`));
  await expect(panel.getByText(`Asking the agent ${missio}`)).toBeVisible();
});
test.afterAll(async () => {
  await extension.close();
  await server.close();
});

async function ask(words: string): Promise<number> {
  const before = await panel.getByRole('article').count();
  await panel.getByRole('textbox', { name: 'Ask your agent' }).fill(words);
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  return before;
}

test('the letter appears in the panel piece by piece before the reply card, which then shows all of it', async () => {
  const before = await ask('Write the Marlow Foundation inquiry letter.');
  const streamed = panel.locator('.ha-streamed');
  await expect(streamed).toContainText('Dear Marlow Foundation', { timeout: 30_000 });
  // Seen while the model is still writing: part of the letter, and no reply card yet.
  const early = (await streamed.textContent()) ?? '';
  expect(early.length).toBeLessThan(LETTER.length);
  expect(await panel.getByRole('article').count()).toBe(before);
  await expect.poll(async () => ((await streamed.textContent()) ?? '').length).toBeGreaterThan(early.length);
  await expect(panel.getByRole('article')).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(panel.getByRole('article').last()).toContainText('We would be glad to tell you more about it.');
  await expect(streamed).toHaveCount(0);
  expect(server.requests.at(-1)!.body.stream).toBe(true);
});

test('Stop while the letter is being written stops the model’s stream, and the panel says it stopped', async () => {
  await ask('Write the Marlow Foundation inquiry letter.');
  await expect(panel.locator('.ha-streamed')).toContainText('Dear Marlow', { timeout: 30_000 });
  const letterCall = server.requests.length - 1;
  await panel.getByRole('button', { name: 'Stop waiting' }).click();
  await expect(panel.getByText('You stopped waiting for this reply.')).toBeVisible();
  // The Stop reached the model: the server saw the streamed call abandoned before the letter was sent.
  await expect.poll(() => server.requests[letterCall]?.aborted === true, { timeout: 10_000 }).toBe(true);
  await expect(panel.getByRole('button', { name: 'Ask', exact: true })).toBeEnabled();
});
