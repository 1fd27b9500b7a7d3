import { readFileSync, writeFileSync } from 'node:fs';
import { HomeError } from '../src/protocol/errors';
import { runCalibrate } from './calibration/cli';

/** `npm run calibrate -- --runs FILE …` (see eval/calibration/cli.ts for every option). */
try {
  process.exitCode = runCalibrate(process.argv.slice(2), {
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFile: (path, text) => writeFileSync(path, text),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} catch (error) {
  console.error(error instanceof HomeError ? `calibrate: ${error.message}` : error);
  process.exitCode = 1;
}
