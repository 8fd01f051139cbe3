// Twin of Sources/MeshGradCore/Support/SplitMix64.swift.

/** A generator `{state}` seeded with the 64-bit `seed` (a BigInt). */
function splitMix64(seed) {
    return { state: BigInt.asUintN(64, seed) };
}

/** The next 64-bit value (a BigInt), advancing `generator`. */
function splitMix64Next(generator) {
    // BigInt.asUintN(64, …) is Swift's wrapping (&+, &*) on UInt64.
    generator.state = BigInt.asUintN(64, generator.state + 0x9e3779b97f4a7c15n);
    let z = generator.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
}

/** Uniform in [0, 1), with 53 random bits: exact, as Swift's `unit()`. */
function splitMix64Unit(generator) {
    return Number(splitMix64Next(generator) >> 11n) / 9007199254740992;
}
