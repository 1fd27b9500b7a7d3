import { startupSnapshot } from 'node:v8';
import { runAndExit } from './main';

/**
 * The command-line door's entry (cli/main.ts does the work). Started three ways: `npm run ask`, which runs the
 * built door (cli/door.mjs); `npm run ask:tsx`, this source through tsx; or `node` on the bundle. From the startup
 * snapshot cli/build.mjs makes of the bundle, Node calls the function registered here once the snapshot is
 * restored, with the arguments from argv[1] on (no script name comes between).
 */
if (startupSnapshot.isBuildingSnapshot())
  startupSnapshot.setDeserializeMainFunction(() => void runAndExit(process.argv.slice(1), process.env));
else void runAndExit(process.argv.slice(2), process.env);
