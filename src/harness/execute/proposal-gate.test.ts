import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../ontology/capabilities.generated';
import type { ProposedRecord } from '../kernel/outside-agent';
import { MemoryVault } from '../testing';
import { judgeProposal, wordsAskToLog } from './proposal-gate';

/** The gate over the ontology's declaration (ha:proposesInto on heartcoach.consult) and the vault's rows. */
const consult = CAPABILITIES['heartcoach.consult']!;
const owner = '0x00000000000000000000000000000000000000aa';
const proposed = (folder: string, named?: string[]): ProposedRecord => ({
  capability: `cabinet.${folder}.log`,
  folder,
  type: `cabinet.${folder}`,
  id: 'p-1',
  data: {},
  what: `your ${folder} entry`,
  ...(named !== undefined ? { named } : {}),
});

describe('where an outside agent’s proposal may land', () => {
  it('the ontology declares the folders; any other is refused in words naming the app', async () => {
    expect(consult.proposesInto).toEqual(['readings', 'doses', 'symptoms', 'guidance']);
    const vault = new MemoryVault();
    expect(await judgeProposal(vault, consult, 'HeartCoach', 'log it', owner, proposed('contacts'))).toEqual({
      kind: 'refuse',
      why: 'HeartCoach may not file into your contacts',
    });
    expect(await judgeProposal(vault, consult, 'HeartCoach', '', owner, proposed('guidance'))).toEqual({
      kind: 'file',
      id: 'heartcoach:guidance/p-1',
    });
  });

  it('never replaces a row of another type or owner under the minted id', async () => {
    const vault = new MemoryVault();
    vault.addRecord({ id: 'heartcoach:guidance/p-1', type: 'contact', owner, data: {} });
    expect(await judgeProposal(vault, consult, 'HeartCoach', '', owner, proposed('guidance'))).toMatchObject({
      kind: 'refuse',
      why: 'HeartCoach may not replace a record that is not its guidance entry',
    });
  });

  it('a reading is the person’s only when their words ask to log it and name it', () => {
    expect(wordsAskToLog('Log 2400 steps for today', ['2400'])).toBe(true);
    expect(wordsAskToLog('How is my week going?', ['2400'])).toBe(false);
    expect(wordsAskToLog('Log my steps', ['2400'])).toBe(false);
    expect(wordsAskToLog('I took my warfarin', ['warfarin'])).toBe(true);
  });
});
