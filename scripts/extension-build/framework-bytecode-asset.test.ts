import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { packagedFrameworkBytecodeFile } from './framework-bytecode-asset';
import { FRAMEWORK_BYTECODE } from '../../src/wallet/deploy/framework-contracts';
import {
  loadFrameworkBytecode,
  PACKAGED_FRAMEWORK_BYTECODE_FILE,
  unpackFrameworkBytecode,
} from '../../src/wallet/deploy/packaged-framework-bytecode';

let server: Server | undefined;
afterEach(async () => {
  Reflect.deleteProperty(globalThis, 'location');
  await new Promise<void>((done) => (server === undefined ? done() : server.close(() => done())));
  server = undefined;
});

/** Serves `body` at the packaged file's path on loopback and makes it the origin `loadFrameworkBytecode` reads. */
async function serveAsExtension(body: string, status = 200): Promise<void> {
  server = createServer((request, response) => {
    const found = request.url === `/${PACKAGED_FRAMEWORK_BYTECODE_FILE}`;
    response.writeHead(found ? status : 404, { 'content-type': 'application/json' }).end(found ? body : '');
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', () => listening()));
  const { port } = server.address() as AddressInfo;
  Object.defineProperty(globalThis, 'location', {
    value: new URL(`http://127.0.0.1:${port}/background.js`),
    configurable: true,
  });
}

describe('the framework bytecode the extension packages beside its worker', () => {
  it('reads back as exactly the init code of the npm bytecode modules, link placeholders included', async () => {
    const file = packagedFrameworkBytecodeFile();
    expect(file.length / JSON.stringify(FRAMEWORK_BYTECODE).length).toBeLessThan(0.7);
    await serveAsExtension(file);
    expect(await loadFrameworkBytecode()).toEqual(FRAMEWORK_BYTECODE);
    expect(unpackFrameworkBytecode(JSON.parse(file)).HybridDeleGatorImpl).toMatch(/__\$[0-9a-f]{34}\$__/);
  });

  it('refuses in words a file that is missing, of the wrong shape, short of a contract or not decodable', async () => {
    await serveAsExtension('', 404);
    await expect(loadFrameworkBytecode()).rejects.toMatchObject({
      code: 'FRAMEWORK_CODE_UNREADABLE',
      message: expect.stringMatching(/reinstall the extension/),
    });
    expect(() => unpackFrameworkBytecode({ SimpleFactory: 'not segments' })).toThrow(/wrong shape/);
    const { DelegationManager: _dropped, ...rest } = JSON.parse(packagedFrameworkBytecodeFile()) as Record<
      string,
      string[]
    >;
    expect(() => unpackFrameworkBytecode(rest)).toThrow(/DelegationManager missing/);
    const forged = { ...rest, DelegationManager: ['AAAA', '<script>', 'AAAA'] };
    expect(() => unpackFrameworkBytecode(forged)).toThrow(/DelegationManager does not decode/);
  });
});
