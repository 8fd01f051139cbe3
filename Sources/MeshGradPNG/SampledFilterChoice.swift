/// The adaptive filter's choice for a wide row, from a sample of it.
///
/// libpng's heuristic filters the whole row with every candidate and keeps
/// the one with the smallest sum of absolute differences; on a 4K dithered
/// rendering that was a quarter of the encoder's time (three filters and
/// three sums per row, then the winner copied). A row of a rendered
/// gradient changes slowly along its length, so the sums over one stretch
/// in eight rank the candidates as the whole row does: each candidate
/// filters only the sample, and the winner filters the row once.
extension RowFilter {
    /// Bytes per sampled stretch: whole pixels at 3, 4, 6 and 8 bytes.
    static let sampleBytes = 192
    /// One stretch starts every this many bytes.
    static let sampleStride = 8 * sampleBytes
    /// Narrower rows are filtered whole by every candidate (their sample
    /// would be a stretch or two, and they cost little anyway).
    static let sampledRowBytes = 4 * sampleStride

    /// The candidate of ``adaptiveCandidates`` with the smallest estimated
    /// sum of absolute differences for `row`. `scratch` has room for
    /// ``sampleBytes`` + `bpp` bytes.
    static func adaptiveChoice(
        row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int,
        scratch: UnsafeMutablePointer<UInt8>
    ) -> RowFilter {
        var best = RowFilter.none
        var bestSum = Int.max
        for candidate in adaptiveCandidates {
            var sum = 0
            // From the second pixel on, so that every sampled byte has its
            // left neighbours: the stretch is filtered with the pixel before
            // it, whose own output (predicted from nothing) is not counted.
            var start = bpp
            while start + sampleBytes <= count {
                candidate.apply(
                    row: row + start - bpp, prior: prior + start - bpp, count: sampleBytes + bpp, bpp: bpp,
                    output: scratch)
                sum += sumOfAbsoluteDifferences(scratch + bpp, count: sampleBytes)
                start += sampleStride
            }
            if sum < bestSum {
                bestSum = sum
                best = candidate
            }
        }
        return best
    }
}
