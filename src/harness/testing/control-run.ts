import { createHarness, type Harness } from '../harness';
import type { Ports } from '../kernel/ports';
import { CONTROL_OFF, CONTROL_RUN } from '../kernel/control';

/**
 * A control harness for the adversarial suite (PROOF.md): the same harness over the same ports, with
 * admission and authority switched off, so the suite can show its injection cases succeed when nothing guards
 * against them. Test-only by construction: nothing outside src/harness/testing and proof/ may import this module
 * (proof/control-seam.test.ts), and the background builds its harness with `createHarness` alone.
 */
export function controlHarness(ports: Ports, options: Parameters<typeof createHarness>[1]): Harness {
  return createHarness({ ...ports, [CONTROL_RUN]: CONTROL_OFF } as Ports, options);
}
