import CDeflate
import CZlib
import Foundation

/// libdeflate, a well-kept fast deflate, on the very bytes meshgrad's PNG
/// encoder deflates: the filtered rows (its own choice of filters) taken
/// back out of `png`'s IDAT chunks. libdeflate compresses a whole buffer in
/// one call, on one thread; each level's median time and the size of the
/// PNG it would make (the same chunks around its stream).
func libdeflateRows(png: [UInt8], runs: Int, levels: ClosedRange<Int32>) -> [(level: Int32, ms: Double, bytes: Int)] {
    let stream = idatStream(png)
    let filtered = inflated(stream, expected: filteredCount(png))
    let others = png.count - stream.count
    let compressor = levels.map { libdeflate_alloc_compressor($0)! }
    defer { compressor.forEach(libdeflate_free_compressor) }
    var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor[0], filtered.count))
    return levels.enumerated().map { index, level in
        var size = 0
        var times: [Double] = []
        for run in 0...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            size = filtered.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    libdeflate_zlib_compress(
                        compressor[index], input.baseAddress, input.count, out.baseAddress, out.count)
                }
            }
            if run > 0 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        }
        return (level, times.sorted()[times.count / 2], size + others)
    }
}

/// The zlib stream of a PNG: its IDAT chunks' data joined.
private func idatStream(_ png: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = []
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
        if type == "IDAT" { stream += png[offset + 8..<offset + 8 + length] }
        offset += 12 + length
    }
    return stream
}

/// Bytes of filtered rows of the PNG's IHDR: a filter byte and the samples
/// of each row.
private func filteredCount(_ png: [UInt8]) -> Int {
    let field = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let width = field(16)
    let height = field(20)
    let bitDepth = Int(png[24])
    let channels = png[25] == 6 ? 4 : 3
    return height * (1 + width * channels * bitDepth / 8)
}

private func inflated(_ stream: [UInt8], expected: Int) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: expected)
    var length = uLongf(expected)
    let status = output.withUnsafeMutableBufferPointer { out in
        stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
    }
    precondition(status == Z_OK && Int(length) == expected, "the PNG's IDAT stream did not inflate (\(status))")
    return output
}
