import CZlib

/// What a compression level (0–9) does to one piece of filtered rows.
///
/// meshgrad's three kinds of image want different things from deflate: a
/// filtered smooth 8-bit gradient is long runs of a few bytes, which zlib's
/// run-length strategy finds at almost the speed of copying; a dithered one
/// is noise in which no string repeats, so Huffman codes alone are both the
/// fastest and the smallest; a 16-bit one has few runs but recurring
/// differences, which only LZ77 uses (figures: Docs/performance.md).
///
/// So every level above 0 classifies each piece (`PieceContent`) and
/// codes noise with Huffman codes alone (``LiteralDeflater``, which does
/// what zlib's `Z_HUFFMAN_ONLY` does, faster), runs in 8-bit images with
/// zlib's run-length strategy up to level 5, and everything else with zlib
/// at the level asked for.
struct PNGCompression: Sendable, Hashable {
    /// 0 (store) to 9.
    let level: Int
    /// Bits per sample: runs of bytes mean little in 16-bit images.
    let bitDepth: Int

    init(level: Int, bitDepth: Int) {
        precondition((0...9).contains(level) && (bitDepth == 8 || bitDepth == 16))
        self.level = level
        self.bitDepth = bitDepth
    }

    /// How to deflate a piece of `content`.
    func method(for content: PieceContent) -> DeflateMethod {
        switch (level, content) {
        case (0, _): .zlib(level: 0, strategy: Z_DEFAULT_STRATEGY)
        case (_, .noise): .literals
        case (1...5, .runs) where bitDepth == 8: .zlib(level: 1, strategy: Z_RLE)
        case (let level, _): .zlib(level: Int32(level), strategy: Z_DEFAULT_STRATEGY)
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

/// What a piece of filtered rows looks like to deflate, from two shares of
/// its bytes: those that equal the two before them (inside a run, which
/// deflate codes as a match at distance 1), and those that start four bytes
/// equal to the four one pixel earlier (a repeat LZ77 finds).
///
/// On 4K renderings of seven presets (dithered, plain, 16-bit, and RGBA),
/// filtered dithering measured 0.18–0.28 in runs and 0.03–0.08 in repeats,
/// 8-bit smooth gradients 0.85–1 and 0.68–1, 16-bit ones 0.01–0.5 and
/// 0.12–0.63. The thresholds (0.3 and 0.1) made every piece come out within
/// 0.5 % of the smallest of the three methods chosen between, except 16-bit
/// pieces mixing flat color with gradient, where zlib beats runs by 40 %
/// (and 16-bit runs therefore go to zlib too).
enum PieceContent: Sendable, Hashable {
    /// Mostly runs of one byte: a smooth 8-bit gradient, flat color.
    case runs
    /// Few runs, but pixels that repeat: a 16-bit gradient.
    case repeats
    /// Neither: dithering.
    case noise

    static let sampleStride = 32 * 1024
    static let runShareThreshold = 0.3
    static let repeatShareThreshold = 0.1

    /// Classifies `count` filtered bytes with pixels of `bytesPerPixel`,
    /// from one kilobyte in every ``sampleStride`` bytes (the shares are
    /// estimates either way: with one in sixteen instead of one in four,
    /// and again with one in 32, the plain and 16-bit 1080p renderings of
    /// all 9 mesh presets came out byte for byte the same size, at an
    /// eighth of the cost).
    init(classifying bytes: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int) {
        var sampled = 0
        var inRuns = 0
        var inRepeats = 0
        var start = 0
        while start < count {
            let end = min(count, start + 1024)
            // Runs need two bytes before, repeats a pixel and four bytes.
            let runsFrom = max(start, 2)
            if runsFrom < end { inRuns += PieceContent.runBytes(bytes, runsFrom..<end) }
            let repeatsFrom = max(start, bytesPerPixel)
            if repeatsFrom + 4 <= end {
                inRepeats += PieceContent.repeatStarts(bytes, repeatsFrom..<(end - 3), distance: bytesPerPixel)
            }
            sampled += end - start
            start += PieceContent.sampleStride
        }
        let share = { (n: Int) in Double(n) / Double(max(1, sampled)) }
        if share(inRuns) >= PieceContent.runShareThreshold {
            self = .runs
        } else if share(inRepeats) >= PieceContent.repeatShareThreshold {
            self = .repeats
        } else {
            self = .noise
        }
    }

    /// How many bytes at `range` equal both bytes before them.
    static func runBytes(_ bytes: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        let x = bytes + range.lowerBound
        return zeroCount(range.count) { i in (x[i] ^ x[i &- 1]) | (x[i] ^ x[i &- 2]) }
    }

    /// How many positions at `range` start four bytes equal to the four
    /// `distance` bytes earlier (a 32-bit compare per position was a branch
    /// the compiler kept, and twice the classification's time).
    static func repeatStarts(_ bytes: UnsafePointer<UInt8>, _ range: Range<Int>, distance: Int) -> Int {
        let x = bytes + range.lowerBound
        let earlier = x - distance
        return zeroCount(range.count) { i in
            (x[i] ^ earlier[i]) | (x[i &+ 1] ^ earlier[i &+ 1]) | (x[i &+ 2] ^ earlier[i &+ 2])
                | (x[i &+ 3] ^ earlier[i &+ 3])
        }
    }

    /// How many of the positions `0..<count` have a `difference` of 0:
    /// branch-free, in 16-bit counts of 256 positions at a time (the
    /// narrowest lanes that cannot overflow), which vectorizes.
    @inline(__always)
    private static func zeroCount(_ count: Int, _ difference: (Int) -> UInt8) -> Int {
        var total = 0
        var offset = 0
        while offset < count {
            let n = min(256, count - offset)
            var partial: UInt16 = 0
            var i = offset
            while i < offset + n {
                // 1 when the difference is 0.
                partial &+= (UInt16(difference(i)) &- 1) >> 15
                i &+= 1
            }
            total += Int(partial)
            offset += n
        }
        return total
    }
}
