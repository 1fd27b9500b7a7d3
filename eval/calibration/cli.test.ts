import { describe, expect, it } from 'vitest';
import { digestOfText } from '../../src/protocol/digest';
import { runCalibrate, type CliIo } from './cli';
import { loadCalibrationMap } from './map';

function memoryIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const io: CliIo = {
    readFile: (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`no file ${p}`);
      return text;
    },
    writeFile: (p, t) => void (files[p] = t),
    out: (t) => void out.push(t),
    err: (t) => void out.push(t),
  };
  return { io, files, out };
}

describe('npm run calibrate', () => {
  it('writes synthetic runs, fits a map on them that the harness can load, and cites the exact runs file', () => {
    const { io, files, out } = memoryIo();
    expect(runCalibrate(['--synthetic', 'runs.jsonl', '--temperature', '2', '--n', '600', '--seed', '4'], io)).toBe(0);
    expect(files['runs.jsonl']!.trim().split('\n')).toHaveLength(600);
    expect(runCalibrate(['--runs', 'runs.jsonl', '--alpha', '0.1', '--out', 'map.json'], io)).toBe(0);
    const map = JSON.parse(files['map.json']!);
    expect(Object.keys(map).sort()).toEqual(['alpha', 'digest', 'fittedOn', 'qHat', 'temperature']);
    expect(map.fittedOn.runsDigest).toBe(digestOfText(files['runs.jsonl']!));
    expect(Math.abs(map.temperature - 2) / 2).toBeLessThan(0.2);
    expect(loadCalibrationMap(map).digest).toBe(map.digest);
    expect(out.at(-1)).toContain(`calibration map ${map.digest}`);
  });

  it('refuses a runs file with a bad line, naming the line', () => {
    const { io } = memoryIo({
      'runs.jsonl': '{"distribution":{"a":0.6,"n/a":0.4},"gold":"a"}\n{"distribution":{"a":1},"gold":"b"}\n',
    });
    expect(() => runCalibrate(['--runs', 'runs.jsonl'], io)).toThrow(/Line 2 is not a labelled run/);
  });

  it('prints usage without --runs', () => {
    const { io, out } = memoryIo();
    expect(runCalibrate([], io)).toBe(2);
    expect(out[0]).toContain('Usage: npm run calibrate');
  });
});
