/** The id Chromium derives from the manifest's public key (wxt.config.ts); a test checks the two agree. */
export const EXTENSION_ID = 'oecdimfcdkaaiomgojjgjopecgaihpnl';
