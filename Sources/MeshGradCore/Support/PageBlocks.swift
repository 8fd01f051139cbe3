import Foundation
import Synchronization

/// Equal blocks of memory for buffers that are filled and dropped again
/// and again (an encoder's pieces, a renderer's bands), handed out and
/// taken back from mappings the kernel may back with 2 MiB pages.
///
/// Why not `malloc`: every page a process touches for the first time costs
/// a fault, which took about 3 µs here (the kernel zeroes the page and
/// accounts for it), and a 4K render touched some 6,400 pages of 4 KiB:
/// a sixth of its CPU time. Where transparent huge pages are enabled
/// ("always" or "madvise", the Debian and Ubuntu default), a region asked
/// for with `MADV_HUGEPAGE` faults in 2 MiB at a time; elsewhere it is the
/// same memory in small pages. Blocks given back are handed out again, and
/// the regions of a released pool wait for the next pool (up to
/// ``spareLimit`` in all), so a batch of images touches its pages once.
public final class PageBlocks: @unchecked Sendable {
    /// The size of one block (a multiple of 64, for aligned vectors).
    public let blockBytes: Int
    /// How many blocks one region holds at least.
    let blocksPerRegion: Int
    private let state = Mutex(State())

    private struct State {
        /// Free blocks' addresses (plain integers, which are `Sendable`).
        var free: [UInt] = []
        var regions: [Region] = []
    }

    /// The size of a huge page on x86-64 and of the usual arm64 kernels;
    /// where it is another, the advice is still valid, only less used.
    static let hugePageBytes = 2 << 20

    /// Blocks of at least `blockBytes`, `blocksPerRegion` or more to a
    /// region.
    public init(blockBytes: Int, blocksPerRegion: Int) {
        self.blockBytes = (max(1, blockBytes) + 63) & ~63
        self.blocksPerRegion = max(1, blocksPerRegion)
    }

    deinit {
        for region in state.withLock({ $0.regions }) { Region.release(region) }
    }

    /// A block, uninitialized: one given back earlier, or a new one.
    public func take() -> UnsafeMutableRawPointer {
        let address = state.withLock { state in
            if state.free.isEmpty {
                let region = Region.acquire(byteCount: blockBytes * blocksPerRegion)
                state.regions.append(region)
                let count = region.byteCount / blockBytes
                // First block last: taken first.
                for k in stride(from: count - 1, through: 0, by: -1) {
                    state.free.append(region.address + UInt(k * blockBytes))
                }
            }
            return state.free.removeLast()
        }
        return UnsafeMutableRawPointer(bitPattern: address)!
    }

    /// Takes `block` back for another ``take()``.
    public func give(_ block: UnsafeMutableRawPointer) {
        let address = UInt(bitPattern: block)
        state.withLock { $0.free.append(address) }
    }

    /// Regions released and not yet reused may hold this many bytes in
    /// all; beyond it they are unmapped. A 4K image's bands and pieces take
    /// 14 MiB; a 16K image's bands alone 66 MiB, which a long-running
    /// process (the editor) should not keep.
    public static let spareLimit = 32 << 20
}

/// One mapping (or, where mapping failed, one allocation) of blocks.
private struct Region: Sendable {
    var address: UInt
    var byteCount: Int
    var isHuge: Bool
    var isMapped: Bool

    /// Released regions, waiting for ``acquire(byteCount:)``.
    static let spare = Mutex<[Region]>([])

    /// A region of at least `wanted` bytes: a spare one that is not twice
    /// as large, or a new mapping. Regions of half a huge page or more are
    /// advised to use huge pages and rounded up to whole ones (zeroing a
    /// huge page took about 0.15 ms here, 256 faults of small pages 0.8);
    /// smaller ones keep small pages, which a small image would not fill.
    static func acquire(byteCount wanted: Int) -> Region {
        let isHuge = wanted >= PageBlocks.hugePageBytes / 2
        let unit = isHuge ? PageBlocks.hugePageBytes : Int(getpagesize())
        let byteCount = (wanted + unit - 1) / unit * unit
        let reused = spare.withLock { spare -> Region? in
            let fitting = spare.indices.filter {
                spare[$0].isHuge == isHuge && (byteCount...(2 * byteCount)).contains(spare[$0].byteCount)
            }
            guard let best = fitting.min(by: { spare[$0].byteCount < spare[$1].byteCount }) else { return nil }
            return spare.remove(at: best)
        }
        if let reused { return reused }
        guard let start = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            start != MAP_FAILED
        else {
            // As the allocator would (it traps when memory runs out).
            let block = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
            return Region(address: UInt(bitPattern: block), byteCount: byteCount, isHuge: isHuge, isMapped: false)
        }
        if isHuge { _ = madvise(start, byteCount, MADV_HUGEPAGE) }
        return Region(address: UInt(bitPattern: start), byteCount: byteCount, isHuge: isHuge, isMapped: true)
    }

    /// Keeps `region` for the next pool while the spare ones stay within
    /// ``PageBlocks/spareLimit``, else unmaps it.
    static func release(_ region: Region) {
        let kept = spare.withLock { spare in
            guard spare.reduce(region.byteCount, { $0 + $1.byteCount }) <= PageBlocks.spareLimit else { return false }
            spare.append(region)
            return true
        }
        guard !kept, let start = UnsafeMutableRawPointer(bitPattern: region.address) else { return }
        if region.isMapped { munmap(start, region.byteCount) } else { start.deallocate() }
    }
}
