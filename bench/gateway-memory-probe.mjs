// Bench only (bench/gateway-memory.bench.ts): preloaded with `--import` into the gateway's own process, never part of
// the gateway. On SIGUSR2 it collects garbage (the process runs with --expose-gc) and prints process.memoryUsage(),
// so the bench reads the heap the gateway retains, not what the next collection would free.
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  process.stdout.write(`BENCH-MEMORY ${JSON.stringify(process.memoryUsage())}\n`);
});
