import Foundation
import Testing

@testable import MeshGradCore

/// The block pool behind the encoder's pieces and the bands: blocks that
/// do not overlap, come back, and outlive their pool only as spare regions.
@Suite struct PageBlocksTests {
    /// Writes `byte` over a whole block.
    static func fill(_ block: UnsafeMutableRawPointer, _ count: Int, with byte: UInt8) {
        block.initializeMemory(as: UInt8.self, repeating: byte, count: count)
    }

    @Test func blocksAreAlignedAndDisjoint() {
        let pool = PageBlocks(blockBytes: 100_000, blocksPerRegion: 3)
        #expect(pool.blockBytes % 64 == 0 && pool.blockBytes >= 100_000)
        // More blocks than one region holds, each written whole with its own byte.
        let blocks = (0..<7).map { _ in pool.take() }
        for (k, block) in blocks.enumerated() {
            #expect(UInt(bitPattern: block) % 64 == 0)
            Self.fill(block, 100_000, with: UInt8(k))
        }
        for (k, block) in blocks.enumerated() {
            let bytes = UnsafeBufferPointer(start: block.assumingMemoryBound(to: UInt8.self), count: 100_000)
            #expect(bytes.allSatisfy { $0 == UInt8(k) })
        }
        for block in blocks { pool.give(block) }
    }

    @Test func aBlockGivenBackIsTakenAgain() {
        let pool = PageBlocks(blockBytes: 4096, blocksPerRegion: 1)
        let first = pool.take()
        pool.give(first)
        #expect(pool.take() == first)
    }

    /// A huge-page region of a released pool serves the next pool of the
    /// same size (so a batch of images touches its pages once).
    @Test func aReleasedPoolsRegionServesTheNext() {
        let bytes = 3 << 20
        var pool: PageBlocks? = PageBlocks(blockBytes: bytes, blocksPerRegion: 1)
        let first = pool!.take()
        Self.fill(first, bytes, with: 1)
        pool!.give(first)
        pool = nil
        // Other tests may take a spare region meanwhile; several pools in
        // a row must still find this one.
        let next = (0..<4).map { _ in PageBlocks(blockBytes: bytes, blocksPerRegion: 1) }
        #expect(next.map { $0.take() }.contains(first))
    }
}
