import { describe, expect, it } from 'vitest';
import { FITTED_CALIBRATION_MAP } from '../agent/testing/fitted-calibration-map';
import { testHome } from './testing/test-home';

describe('the Home: settings', () => {
  it('shows the defaults, and never sends the model key back, only its last four characters', async () => {
    const { call, reloads } = await testHome();
    expect(await call({ type: 'home.settings.get' })).toMatchObject({
      paymentsHighRiskAboveUsdc: '25',
      modelApiKey: { set: false, hint: null },
      chainMode: 'embedded',
      gatewayUrl: 'http://127.0.0.1:8787',
      autoLockMinutes: 15,
    });
    const view = await call({
      type: 'home.settings.set',
      patch: { modelApiKey: 'sk-ant-test-abcd1234', paymentsHighRiskAboveUsdc: '40', autoLockMinutes: 5 },
    });
    expect(view).toMatchObject({
      modelApiKey: { set: true, hint: '1234' },
      paymentsHighRiskAboveUsdc: '40',
      autoLockMinutes: 5,
    });
    expect(JSON.stringify(view)).not.toContain('sk-ant-test');
    expect(reloads).toEqual(['settings']);
  });

  it('names the model tiers by what they do, judges fast by default, and saves the thorough profile', async () => {
    const { call, vault } = await testHome();
    expect(await call({ type: 'home.settings.get' })).toMatchObject({
      lightModel: 'claude-haiku-4-5',
      composeModel: 'claude-sonnet-5',
      judgeProfile: 'fast',
    });
    const view = await call({
      type: 'home.settings.set',
      patch: { judgeProfile: 'thorough', composeModel: 'claude-opus-4-5' },
    });
    expect(view).toMatchObject({
      judgeProfile: 'thorough',
      composeModel: 'claude-opus-4-5',
      lightModel: 'claude-haiku-4-5',
    });
    expect(await vault.settings.get('model.judgeProfile')).toBe('thorough');
    expect(await vault.settings.get('model.composeModel')).toBe('claude-opus-4-5');
    expect(await call({ type: 'home.settings.set', patch: { budgetAsksPerDay: 40 } })).toMatchObject({
      budgetAsksPerDay: 40,
    });
    expect(await vault.settings.get('budget.asksPerDay')).toBe(40);
  });

  it('refuses an endpoint the browser may not reach yet, and changes nothing', async () => {
    const { call, send, vault } = await testHome({ reachable: (origin) => origin === 'http://127.0.0.1:8545' });
    const reply = await send({
      type: 'home.settings.set',
      patch: { chainMode: 'rpc', chainRpcUrl: 'https://rpc.example.org/v1', autoLockMinutes: 3 },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'PERMISSION_NEEDED' } });
    if (!reply.ok) expect(reply.error.message).toContain('https://rpc.example.org');
    expect(await vault.settings.get('lock.autoLockMinutes')).toBe(15);
    expect(await vault.settings.get('chain.mode')).toBe('embedded');
    await call({ type: 'home.settings.set', patch: { chainMode: 'rpc', chainRpcUrl: 'http://127.0.0.1:8545' } });
    expect(await vault.settings.get('chain.rpcUrl')).toBe('http://127.0.0.1:8545');
  });

  it('refuses the RPC mode without an RPC URL, and bad values in words', async () => {
    const { send } = await testHome();
    expect(await send({ type: 'home.settings.set', patch: { chainMode: 'rpc' } })).toMatchObject({
      ok: false,
      error: { code: 'RPC_URL_NEEDED' },
    });
    const bad = await send({ type: 'home.settings.set', patch: { paymentsHighRiskAboveUsdc: 'lots' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    if (!bad.ok) expect(bad.error.message).toContain('a USDC amount');
    expect(await send({ type: 'home.settings.set', patch: {} })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
    expect(await send({ type: 'home.settings.set', patch: { gatewayUrl: 'ftp://x.example' } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
  });

  it('imports a calibration map checked against its digest, shows it by its digest, and refuses an edited one', async () => {
    const { call, send, vault } = await testHome();
    const map = FITTED_CALIBRATION_MAP;
    expect(await call({ type: 'home.settings.get' })).toMatchObject({ calibration: null });
    const edited = await send({ type: 'home.settings.set', patch: { calibration: { ...map, qHat: 0.9 } } });
    expect(edited).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    if (!edited.ok) expect(edited.error.message).toContain('does not match its digest');
    expect(await vault.settings.get('model.calibration')).toBeNull();
    const view = await call({ type: 'home.settings.set', patch: { calibration: map } });
    expect(view).toMatchObject({ calibration: { digest: map.digest, alpha: 0.1, runs: 40 } });
    expect(await call({ type: 'home.settings.set', patch: { calibration: null } })).toMatchObject({
      calibration: null,
    });
  });
});
