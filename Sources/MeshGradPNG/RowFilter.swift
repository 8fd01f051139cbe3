/// The five PNG filter types (PNG specification, section 9) and their
/// encoding side, on raw row bytes. Every filter reads only unfiltered bytes
/// (the row itself and the row above), so each output byte is independent of
/// the others: the loops below use wrapping arithmetic on pointers, with no
/// overflow checks, so that the compiler vectorizes them.
enum RowFilter: UInt8, CaseIterable {
    case none = 0
    case sub = 1
    case up = 2
    case average = 3
    case paeth = 4

    /// The filters ``PNGFilterStrategy/adaptive`` tries on each row. On
    /// meshgrad's renderings (five presets at 4K, dithered and plain) None
    /// and Up never made a file smaller when added to these three: Paeth
    /// predicts what Up does wherever rows repeat, and Sub what None does
    /// in flat color.
    static let adaptiveCandidates: [RowFilter] = [.sub, .average, .paeth]

    /// Writes the filtered `row` (`count` bytes, pixels of `bpp` bytes) to
    /// `output`, predicting from `prior`, the unfiltered row above (zeros
    /// for the first row). The filter type byte is not written.
    func apply(
        row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int,
        output: UnsafeMutablePointer<UInt8>
    ) {
        // The first pixel has no left neighbour (it counts as zero), the
        // rest predict from the byte `bpp` before: `left[i]` is `row[i]`'s.
        let lead = min(bpp, count)
        let rest = count - lead
        let left = row
        let upperLeft = prior
        let x = row + lead
        let above = prior + lead
        let out = output + lead
        switch self {
        case .none:
            output.update(from: row, count: count)
        case .sub:
            output.update(from: row, count: lead)
            for i in 0..<rest { out[i] = x[i] &- left[i] }
        case .up:
            for i in 0..<count { output[i] = row[i] &- prior[i] }
        case .average:
            for i in 0..<lead { output[i] = row[i] &- (prior[i] >> 1) }
            for i in 0..<rest {
                out[i] = x[i] &- UInt8(truncatingIfNeeded: (UInt16(left[i]) &+ UInt16(above[i])) >> 1)
            }
        case .paeth:
            // With left and upper left zero, Paeth predicts the byte above.
            for i in 0..<lead { output[i] = row[i] &- prior[i] }
            for i in 0..<rest { out[i] = x[i] &- paethPredictor(left[i], above[i], upperLeft[i]) }
        }
    }
}

/// Paeth's predictor: of left `a`, above `b` and upper left `c`, the one
/// closest to `a + b - c`, ties going to `a`, then `b`. Branch-free, so that
/// the filter loop vectorizes.
@inline(__always)
func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let a16 = Int16(a)
    let b16 = Int16(b)
    let c16 = Int16(c)
    let pa = magnitude(b16 &- c16)
    let pb = magnitude(a16 &- c16)
    let pc = magnitude(a16 &+ b16 &- c16 &- c16)
    let notA = pb <= pc ? b : c
    return pa <= min(pb, pc) ? a : notA
}

/// |v| for values far from Int16's limits, without an overflow check.
@inline(__always)
private func magnitude(_ v: Int16) -> Int16 {
    let sign = v >> 15
    return (v ^ sign) &- sign
}

/// The sum of the bytes' magnitudes read as signed differences (255 is
/// -1): libpng's cheap estimate of how well a filtered row compresses.
func sumOfAbsoluteDifferences(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
    var total = 0
    var start = 0
    // Sum in 32-bit lanes a stretch at a time (no overflow within 2^24
    // bytes), which vectorizes; widen between stretches.
    while start < count {
        let stretch = min(count - start, 1 << 24)
        let base = bytes + start
        var partial: UInt32 = 0
        // 16-bit sums of 256 magnitudes (at most 128 each) cannot overflow,
        // and take the narrowest, fastest vector lanes.
        var offset = 0
        while offset < stretch {
            let n = min(256, stretch - offset)
            let run = base + offset
            var small: UInt16 = 0
            for i in 0..<n { small &+= signedMagnitude(run[i]) }
            partial &+= UInt32(small)
            offset += n
        }
        total += Int(partial)
        start += stretch
    }
    return total
}
