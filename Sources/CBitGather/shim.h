// The x86 bit gather (BMI2's pext) for Swift, which has no name for it:
// the bits of `value` where `mask` has ones, packed into the low bits.
// Defined for x86-64 only; the one caller falls back to shifts elsewhere.
#ifndef MESHGRAD_CBITGATHER_SHIM_H
#define MESHGRAD_CBITGATHER_SHIM_H

#include <stdint.h>

#if defined(__x86_64__)
// Compiled for BMI2 whatever the importer's target; inlined only into
// callers built for a CPU that has it (Package.swift's MESHGRAD_FAST_PEXT).
__attribute__((target("bmi2"), always_inline)) static inline uint64_t meshgrad_gather_bits(
    uint64_t value, uint64_t mask) {
    return __builtin_ia32_pext_di(value, mask);
}
#endif

#endif
