/**
 * The extension build's stand-in for @ethereumjs/evm's noble BLS12-381 and BN254 backends (precompiles 0x06–0x08 and
 * 0x0b–0x11). No contract Home Agent deploys or calls uses a pairing curve, and the two backends are ~80 kB of the
 * worker. A call that reaches one fails as a precompile given bad input does: the EVM catches the throw and the call
 * fails, using its gas; nothing else changes. Node (tests, the command-line door, the gateway) keeps the real ones.
 */
function unavailable(name: string): never {
  throw new Error(`The ${name} precompile is not part of Home Agent's embedded chain.`);
}

export class NobleBLS {
  addG1(): Uint8Array {
    return unavailable('BLS12-381 G1 addition');
  }
  addG2(): Uint8Array {
    return unavailable('BLS12-381 G2 addition');
  }
  mapFPtoG1(): Uint8Array {
    return unavailable('BLS12-381 map to G1');
  }
  mapFP2toG2(): Uint8Array {
    return unavailable('BLS12-381 map to G2');
  }
  msmG1(): Uint8Array {
    return unavailable('BLS12-381 G1 multi-scalar multiplication');
  }
  msmG2(): Uint8Array {
    return unavailable('BLS12-381 G2 multi-scalar multiplication');
  }
  pairingCheck(): Uint8Array {
    return unavailable('BLS12-381 pairing');
  }
}

export class NobleBN254 {
  add(): Uint8Array {
    return unavailable('BN254 addition');
  }
  mul(): Uint8Array {
    return unavailable('BN254 multiplication');
  }
  pairing(): Uint8Array {
    return unavailable('BN254 pairing');
  }
}
