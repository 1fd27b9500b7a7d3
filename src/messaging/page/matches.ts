/**
 * Where the page bridge runs from install: loopback only, matching the install-time host permissions (DESIGN §10).
 * Any other app origin gets the bridge when the person connects it (a later issue registers it at runtime).
 */
export const LOOPBACK_MATCHES = ['http://127.0.0.1/*', 'http://localhost/*'] as const;
