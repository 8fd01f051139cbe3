/// The adaptive filter's choice for a wide row, from a sample of it.
///
/// libpng's heuristic filters the whole row with every candidate and keeps
/// the one with the smallest sum of absolute differences; on a 4K dithered
/// rendering that was a quarter of the encoder's time (three filters and
/// three sums per row, then the winner copied). A row of a rendered
/// gradient changes slowly along its length, so the sums over one stretch
/// in eight rank the candidates as the whole row does: the candidates'
/// sums over the sample come from one pass, and the winner filters the row
/// once.
extension RowFilter {
    /// Bytes per sampled stretch: whole pixels at 3, 4, 6 and 8 bytes.
    static let sampleBytes = 192
    /// One stretch starts every this many bytes.
    static let sampleStride = 8 * sampleBytes
    /// Narrower rows are filtered whole by every candidate (their sample
    /// would be a stretch or two, and they cost little anyway).
    static let sampledRowBytes = 4 * sampleStride

    /// The candidate of ``adaptiveCandidates`` with the smallest estimated
    /// sum of absolute differences for `row`.
    static func adaptiveChoice(
        row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int
    ) -> RowFilter {
        var sub = 0
        var average = 0
        var paeth = 0
        // From the second pixel on, so that every sampled byte has its left
        // neighbours.
        var start = bpp
        while start + sampleBytes <= count {
            let sums = stretchSums(row: row + start, prior: prior + start, bpp: bpp)
            sub += Int(sums.sub)
            average += Int(sums.average)
            paeth += Int(sums.paeth)
            start += sampleStride
        }
        // Ties go to the earlier candidate, as in the whole-row choice.
        if sub <= average && sub <= paeth { return .sub }
        return average <= paeth ? .average : .paeth
    }

    /// The sums of absolute differences that Sub, Average and Paeth leave
    /// on the ``sampleBytes`` bytes at `row`, in one pass that reads each
    /// byte's neighbours once for all three and writes nothing (filtering
    /// the stretch into scratch memory with each in turn, then summing
    /// that, took a fifth more of a 4K encoding's profile: 9.1 % against
    /// 7.1). At most 192 × 128 each, so 16 bits hold them, which keeps the
    /// vector lanes narrow.
    @inline(__always)
    static func stretchSums(
        row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, bpp: Int
    ) -> (sub: UInt16, average: UInt16, paeth: UInt16) {
        let left = row - bpp
        let upperLeft = prior - bpp
        var sub: UInt16 = 0
        var average: UInt16 = 0
        var paeth: UInt16 = 0
        for i in 0..<sampleBytes {
            let (x, a, b, c) = (row[i], left[i], prior[i], upperLeft[i])
            sub &+= signedMagnitude(x &- a)
            average &+= signedMagnitude(x &- UInt8(truncatingIfNeeded: (UInt16(a) &+ UInt16(b)) >> 1))
            paeth &+= signedMagnitude(x &- paethPredictor(a, b, c))
        }
        return (sub, average, paeth)
    }
}

/// A filtered byte's magnitude read as a signed difference (255 is 1).
@inline(__always)
func signedMagnitude(_ v: UInt8) -> UInt16 {
    UInt16(min(v, 0 &- v))
}
