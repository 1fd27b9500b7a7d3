/**
 * The harness's shipped fakes, its second public face: in-memory ports, a scripted model and coach, the demo world
 * and its scenarios — for tests, benchmarks, the proof and the evaluation. The control run's harness is not here:
 * it is imported by name from ./control-run.ts, by tests and proof/ only (proof/control-seam.test.ts).
 */
export * from './basics';
export { demoContext } from './context';
export { archetypeFor, seedDemoVault } from './demo-data';
export { LADDER_SCENARIOS } from './ladder-scenarios';
export { MemoryChain } from './memory-chain';
export { MemoryVault } from './memory-vault';
export { fakeSmartAgent, MemoryWallet, type StoredMandate, type StoredWire } from './memory-wallet';
export { memoryWorld } from './memory-world';
export * from './scenario';
export * from './scripted-coach';
export * from './scripted-model';
export { REGRESSION_SCENARIOS } from './regression-scenarios';
export { SEED_SCENARIOS } from './seed-scenarios';
export { toolsOf } from './tools-of';
export type { AskInput, Who, World, WorldFactory, WorldOptions } from './world';
