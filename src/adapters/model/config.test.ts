import { describe, expect, it } from 'vitest';
import { modelConfigFromEnv, modelConfigFromSettings, parseModelConfig } from './config';

describe('model configuration', () => {
  it('no key and no endpoint is no model; a compatible endpoint alone is enough', () => {
    expect(modelConfigFromEnv({})).toBeNull();
    expect(modelConfigFromEnv({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' })).toMatchObject({
      baseURL: 'http://127.0.0.1:9',
      apiKey: 'no-key',
    });
    expect(
      modelConfigFromEnv({
        ANTHROPIC_API_KEY: 'k',
        HOME_AGENT_LIGHT_MODEL: 'claude-haiku-4-5',
        HOME_AGENT_COMPOSE_MODEL: 'claude-opus-4-5',
      }),
    ).toMatchObject({
      baseURL: null,
      lightModel: 'claude-haiku-4-5',
      composeModel: 'claude-opus-4-5',
      maxRetries: 2,
    });
  });

  it('from the vault settings: the worker is a browser context', () => {
    expect(modelConfigFromSettings({ apiKey: null, baseUrl: null })).toBeNull();
    expect(
      modelConfigFromSettings({ apiKey: 'k', baseUrl: 'https://api.anthropic.com', lightModel: 'claude-haiku-4-5' }),
    ).toMatchObject({ dangerouslyAllowBrowser: true, lightModel: 'claude-haiku-4-5' });
  });

  it('refuses a bad setting without echoing the key', () => {
    expect(() => parseModelConfig({ apiKey: 'sk-secret-value', baseURL: 'ftp://x' })).toThrow(/not usable \(baseURL\)/);
    try {
      parseModelConfig({ apiKey: 'sk-secret-value', lightModel: 'bad id!' });
    } catch (error) {
      expect(String(error)).not.toContain('sk-secret-value');
    }
  });
});
