import { defineConfig } from 'wxt';
import { fileURLToPath } from 'node:url';
import { bundleComposition } from './scripts/extension-build/bundle-composition';
import { compactBytecode } from './scripts/extension-build/compact-bytecode';
import { packagedFrameworkBytecode } from './scripts/extension-build/framework-bytecode-asset';
import { noPairingPrecompiles } from './scripts/extension-build/no-pairing-precompiles-plugin';

/**
 * The manifest's public key pins the extension id (EXTENSION_ID in src/protocol/extension-id.ts), so an approval
 * link made in one person's Home Agent opens in another person's Home Agent.
 */
const MANIFEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqbf9WbZAmIB6gHsvKrZesTAFJokHiwQIOHsyYB9cEMJYd89zFw5mwghx7xQ+uBDI4ClF6ICyfnV8ac1J/2Hv5Bai4wWjI0fpqSXygddHpk4jlurXNmZCoazPvwIfWdUPUPQj2WK5bgd0JK1JXU8OxoxQ46m9oiEy9OHEplTLqtsMaWWHNR7O5uRn/R3LLkDTX/j+v9M/xL2X8zYVLsARrbUHH/Rluxo+lp6xQKMDaBpwh2Owht1EKKSMBg/Emd/ak/JGvSxBVU2E1eXWud6DEGivK74dqThOsqpsHA18wM4c6zt5KtwpQn4V6cg4ss1BbKnHip1aLKTJiodE/FFoZQIDAQAB';

const LODASH_MEMOIZE = './scripts/extension-build/lodash-memoize.ts';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  vite: () => ({
    // Only lodash's `memoize` reaches the extension (see scripts/extension-build/lodash-memoize.ts), not all of it.
    resolve: {
      alias: [{ find: /^lodash$/, replacement: fileURLToPath(new URL(LODASH_MEMOIZE, import.meta.url)) }],
    },
    // `npm run bench -- bundle` asks what each package costs; other builds never load the plugin.
    plugins: [
      compactBytecode(),
      packagedFrameworkBytecode(),
      noPairingPrecompiles(),
      ...(process.env.HOME_AGENT_BUNDLE_STATS ? [bundleComposition(process.env.HOME_AGENT_BUNDLE_STATS)] : []),
    ],
  }),
  imports: false,
  outDir: '.output',
  manifest: {
    name: 'Home Agent',
    description: 'Your own AI agent, in your browser: your records, your key, your say.',
    key: MANIFEST_KEY,
    // The faces' words are read from public/_locales/<lang>/messages.json (src/ui/words/messages.ts).
    default_locale: 'en',
    minimum_chrome_version: '116',
    // `scripting` + `activeTab`: the overlay is injected only into the tab where the person opened it.
    // `notifications`: an app's request that needs the person's signature is announced, not only counted on the badge.
    permissions: [
      'storage',
      'unlimitedStorage',
      'sidePanel',
      'contextMenus',
      'activeTab',
      'alarms',
      'scripting',
      'notifications',
    ],
    // DESIGN §10: loopback and the model API at install; any other gateway or RPC URL is asked for when set.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', 'https://api.anthropic.com/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Home Agent: requests to sign' },
    side_panel: { default_path: 'sidepanel.html' },
    // The overlay's conversation frame (issue 6), embedded by the overlay's content script in whatever page the person
    // opened it on (activeTab: any http or https page). `use_dynamic_url`: reachable only at a per-session URL that
    // runtime.getURL gives our content script, so a page cannot probe for it to fingerprint Home Agent.
    web_accessible_resources: [
      { resources: ['overlay-frame.html'], matches: ['http://*/*', 'https://*/*'], use_dynamic_url: true },
    ],
    // Three shortcuts a person can change at chrome://extensions/shortcuts: the popup (requests to sign), the side
    // panel (the conversation) and the overlay on the page.
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+H' },
        description: 'Open Home Agent: requests to sign',
      },
      'open-side-panel': {
        suggested_key: { default: 'Alt+Shift+J' },
        description: 'Open the conversation with my agent in the side panel',
      },
      'open-overlay': {
        suggested_key: { default: 'Alt+Shift+K' },
        description: 'Ask my agent from this page',
      },
    },
  },
});
