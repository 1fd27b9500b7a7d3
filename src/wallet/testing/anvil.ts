import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HOME_CHAIN_ID, HOME_HARDFORK } from '../chain/home-chain';

/** A running anvil (from `@foundry-rs/anvil`): its RPC URL and how to stop it. */
export type AnvilNode = { url: string; port: number; stop: () => Promise<void> };

const ANVIL_BIN = fileURLToPath(new URL('../../../node_modules/.bin/anvil', import.meta.url));

/**
 * Starts anvil on 127.0.0.1 on a port the OS picks (`--port 0`, read back from its banner) or on `port` (a node
 * brought back where it was), with the embedded chain's id and hardfork, and waits until it answers `eth_chainId`.
 * Test support only (Node): never bundled.
 */
export async function startAnvil(options: { timeoutMs?: number; port?: number } = {}): Promise<AnvilNode> {
  if (!existsSync(ANVIL_BIN))
    throw new Error(`anvil is not installed at ${ANVIL_BIN} (npm package @foundry-rs/anvil).`);
  const child = spawn(
    ANVIL_BIN,
    // No dev accounts: every key a test uses is a documented one (demo identities, the deployer), funded explicitly.
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port ?? 0),
      '--chain-id',
      String(HOME_CHAIN_ID),
      '--hardfork',
      HOME_HARDFORK,
      '--accounts',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await listeningPort(child, options.timeoutMs ?? 15_000);
  const url = `http://127.0.0.1:${port}`;
  await untilReady(url, options.timeoutMs ?? 15_000);
  return { url, port, stop: () => stop(child) };
}

function listeningPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`anvil did not start within ${timeoutMs} ms: ${output.slice(-500)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolvePort(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with code ${code}: ${output.slice(-500)}`));
    });
  });
}

async function untilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (body.result !== undefined && Number(body.result) === HOME_CHAIN_ID) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${url} did not answer eth_chainId within ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}
