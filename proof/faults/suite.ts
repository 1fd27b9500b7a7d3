import type { ProofSuite } from '../report';
import { corruptRowRows } from './corrupt-rows';
import { gatewayRestartRows } from './gateway-restart';
import { paymentStopRows } from './payment-stops';
import { faultsReport, type FaultRow } from './report';
import { rpcGoneRows } from './rpc-gone';
import { tamperedBackupRows } from './tampered-backup';

/**
 * Faults: the worker stopped at every step of a payment run, the gateway restarted mid-consultation, the
 * RPC node gone, corrupted vault rows, a tampered backup — each row a fault, what should happen, what did (in the
 * product's own words) and whether that is what should happen. A group that crashes is a failed row, in words.
 */
const GROUPS: { name: string; run: () => Promise<FaultRow[]> }[] = [
  { name: 'worker stopped mid-payment', run: paymentStopRows },
  { name: 'the gateway restarted mid-consultation', run: gatewayRestartRows },
  { name: 'the RPC node gone', run: rpcGoneRows },
  { name: 'corrupted vault rows', run: corruptRowRows },
  { name: 'tampered backup imported', run: tamperedBackupRows },
];

export const faultsSuite: ProofSuite = {
  id: 'faults',
  title: 'Faults',
  async run() {
    const rows: FaultRow[] = [];
    for (const g of GROUPS) {
      try {
        rows.push(...(await g.run()));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        rows.push({
          group: g.name,
          fault: 'the group ran to the end',
          expected: 'every fault tried',
          observed: `crashed: ${message.slice(0, 300)}`,
          pass: false,
        });
      }
    }
    return faultsReport(rows, [
      'Worker stopped: a composition root (src/agent) over ports wrapped by a fault-injection switch (proof/faults/stoppable.ts) is abandoned at the point — the chosen call runs for real, then it and every later call through the wrappers throws — and a new root is built over the same vault with the chain re-opened from the vault’s snapshot. Production code is not changed for it. Passing means: done, the receipt’s tx hash is the first transaction sent, the payer −2 USDC and the payee +2 exactly once, the harness agent’s nonce +1, one receipt, one mandate, and a replay shows the same hash.',
      'The gateway: `gateway/main.ts` in its own process (PGlite, session key, chain and registry in one data directory; the scripted Messages server as its model), SIGKILLed while the scripted model holds the consultation’s answer, restarted on the same port and directory.',
      'The RPC node: anvil (src/wallet/testing/anvil.ts) with the home deployment, the agent on it through openRpcChain; its chain dumped (anvil_dumpState) before the kill and loaded again at the same address, as a node keeps its chain on disk.',
      'Corrupted rows are written raw to IndexedDB past the vault’s schemas. A damaged contact is left out of what the agent reads, nothing is done with it, and the answer says that a record could not be read and where it is named (the Home’s vault browser, records.list’s `corrupt`).',
      'Tampered backups: exported with a test-cost scrypt (testOnly; the file carries its parameters), altered, imported over the live vault; the vault digested (every table’s rows) before and after.',
    ]);
  },
};
