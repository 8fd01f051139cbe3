import CZlib

/// What a compression level (0–9) does to one piece of filtered rows.
///
/// Measured on meshgrad's own output (the 4×4 `onboarding` preset at
/// 3840×2160, 8-bit RGB; see `Benchmarks/MeshGradBench`), the two kinds of
/// image want opposite things from deflate:
///
/// - A smooth gradient, filtered, is long runs of the same few bytes. zlib's
///   run-length strategy (matches at distance 1 only) finds them at almost
///   the speed of copying, and beats zlib's own levels 1–5.
/// - A dithered gradient, filtered, is noise of a few levels: no string ever
///   repeats, so every LZ77 search is wasted. Huffman coding alone is the
///   fastest *and* the smallest, smaller even than zlib's level 9.
///
/// So every level above 0 decides per piece which kind it holds (the share of
/// bytes inside runs, see ``PieceContent``) and compresses noise with Huffman
/// codes alone (``LiteralDeflater``, which does what zlib's `Z_HUFFMAN_ONLY`
/// does, faster); the level only decides how hard to work on runs.
struct PNGCompression: Sendable, Hashable {
    /// 0 (store) to 9.
    let level: Int

    init(level: Int) {
        precondition((0...9).contains(level))
        self.level = level
    }

    /// How to deflate a piece of `content`.
    func method(for content: PieceContent) -> DeflateMethod {
        switch (level, content) {
        case (0, _): .zlib(level: 0, strategy: Z_DEFAULT_STRATEGY)
        case (_, .noise): .literals
        case (1...5, .runs): .zlib(level: 1, strategy: Z_RLE)
        case (let level, .runs): .zlib(level: Int32(level), strategy: Z_DEFAULT_STRATEGY)
        }
    }

    /// Whether the piece's content must be classified at all.
    var classifiesContent: Bool { level > 0 }

    /// The FLEVEL field of the zlib header (RFC 1950): informational only,
    /// "fastest" for everything below zlib's default level.
    var zlibHeader: [UInt8] {
        let flevel: UInt16 =
            switch level {
            case 0...5: 0
            case 6: 2
            default: 3
            }
        let cmf: UInt16 = 0x78  // deflate, 32 KiB window
        var flg = flevel << 6
        flg += 31 - (cmf << 8 | flg) % 31
        return [UInt8(cmf), UInt8(flg)]
    }
}

/// Which deflate encoder a piece goes through.
enum DeflateMethod: Sendable, Hashable {
    /// zlib (``Deflater``) with this level and strategy.
    case zlib(level: Int32, strategy: Int32)
    /// Literals only, one Huffman code per block (``LiteralDeflater``).
    case literals
}

/// What a piece of filtered rows looks like to deflate.
enum PieceContent: Sendable, Hashable {
    /// Mostly runs of one byte: a smooth gradient, flat color.
    case runs
    /// Mostly short-range noise: dithering.
    case noise

    /// Classifies `count` filtered bytes by the share of bytes that equal
    /// the two before them (so sit inside a run that deflate can code as a
    /// match). Filtered smooth gradients measure above 0.9, dithered ones about 0.2;
    /// the threshold is where choosing by it made every piece as small as the
    /// better of the two strategies on the 4K renderings of five presets,
    /// dithered and plain (between 0.25 and 0.3 a few pieces choose wrong).
    init(classifying bytes: UnsafePointer<UInt8>, count: Int) {
        guard count > 2 else {
            self = .runs
            return
        }
        var inRuns = 0
        var offset = 2
        while offset < count {
            // 16-bit counts of 256 bytes at a time, branch-free: vectorizes.
            let n = min(256, count - offset)
            let x = bytes + offset
            let previous = x - 1
            let beforePrevious = x - 2
            var partial: UInt16 = 0
            for i in 0..<n {
                let byte = x[i]
                // 1 when the byte equals both before it: the difference is 0.
                partial &+= (UInt16((byte ^ previous[i]) | (byte ^ beforePrevious[i])) &- 1) >> 15
            }
            inRuns += Int(partial)
            offset += n
        }
        self = Double(inRuns) >= PieceContent.runShareThreshold * Double(count) ? .runs : .noise
    }

    static let runShareThreshold = 0.3
}
