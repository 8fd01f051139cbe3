/// The center spans of a few rows (one list band of ``RasterSetup``, or
/// part of one), each row's in drawing order: walked (``CenterSpanWalk``)
/// from the band's triangles when the band is drawn, then sorted row by row
/// (``sorted(row:)``) for the spans path.
///
/// Built for the whole canvas before drawing, as they were, the lists of a
/// 1080p frame took 4 MB, written by one pass and read back by the next
/// from memory: beside an encoder (ffmpeg's x264, which fills the caches
/// too) those two passes took a third more time than alone, and together
/// a third of the CPU renderer's. A band's lists take a few tens of
/// kilobytes and are read while they are still in the cache.
final class BandSpans {
    /// Row `rows.lowerBound + i`'s spans are `spans[start[i] ..< start[i + 1]]`.
    private(set) var rows: Range<Int> = 0..<0
    private var start: [Int32] = []
    private var spans: UnsafeMutablePointer<CenterSpan>
    private var capacity = 0
    /// The band's triangles' ``TriangleShading``, copied as each is walked
    /// (``CenterSpan/shading`` indexes it): the color pass reads them from
    /// here, still in the cache, where the whole canvas's set-up had left
    /// them in memory (a sixth of the color pass's time was the first
    /// load of each).
    private(set) var shading: UnsafeMutablePointer<TriangleShading>
    private var shadingCapacity = 0
    /// A row's nonempty spans in x order.
    private var sortedSpans: UnsafeMutablePointer<CenterSpan>
    private var rowCapacity = 0
    /// Per pixel of a row: the index in its list of the span that starts
    /// there, valid where ``startRow`` holds the row's mark (so the table
    /// is never cleared: each sort takes a new mark).
    private var startSpan: UnsafeMutablePointer<Int32>
    private var startRow: UnsafeMutablePointer<UInt32>
    private var width = 0
    private var mark: UInt32 = 0

    init() {
        shading = .allocate(capacity: 1)
        spans = .allocate(capacity: 1)
        sortedSpans = .allocate(capacity: 1)
        startSpan = .allocate(capacity: 1)
        startRow = .allocate(capacity: 1)
    }

    deinit {
        shading.deallocate()
        spans.deallocate()
        sortedSpans.deallocate()
        startSpan.deallocate()
        startRow.deallocate()
    }

    /// Walks the triangles of `setup`'s list band `band` over `rows` (rows
    /// of that band): a count of each row's entries, then each triangle's
    /// spans into its rows' slots, triangle after triangle, so every row
    /// keeps the drawing order.
    func fill(_ setup: RasterSetup, band: Int, rows: Range<Int>) {
        self.rows = rows
        let listed = setup.bandList(band)
        var start = [Int32](repeating: 0, count: rows.count + 1)
        var longest: Int32 = 0
        setup.bandTriangles.withUnsafeBufferPointer { bandTriangles in
            setup.rowRanges.withUnsafeBufferPointer { ranges in
                start.withUnsafeMutableBufferPointer { start in
                    for entry in listed {
                        guard let r = Self.clip(ranges[Int(bandTriangles[entry])], to: rows) else { continue }
                        for y in r { start[y - rows.lowerBound + 1] &+= 1 }
                    }
                    for i in 0..<rows.count {
                        longest = max(longest, start[i + 1])
                        start[i + 1] &+= start[i]
                    }
                }
                self.start = start
                reserve(
                    entries: Int(start[rows.count]), perRow: Int(longest), triangles: listed.count,
                    width: setup.plan.width)
                walk(listed, setup: setup, bandTriangles: bandTriangles, ranges: ranges)
            }
        }
    }

    /// The second pass: each triangle's spans into its rows' next slots.
    private func walk(
        _ listed: Range<Int>, setup: RasterSetup, bandTriangles: UnsafeBufferPointer<Int32>,
        ranges: UnsafeBufferPointer<SIMD2<Int32>>
    ) {
        let width = setup.plan.width
        let firstRow = rows.lowerBound
        var cursors = start
        let triangles = setup.triangles
        cursors.withUnsafeMutableBufferPointer { cursors in
            var copied: Int32 = 0
            for entry in listed {
                let k = bandTriangles[entry]
                guard let r = Self.clip(ranges[Int(k)], to: rows) else { continue }
                let t = triangles[Int(k)]
                (shading + Int(copied)).initialize(to: TriangleShading(t))
                var walk = CenterSpanWalk(t, row: r.lowerBound, width: width)
                var cursor = cursors.baseAddress! + (r.lowerBound - firstRow)
                for _ in 0..<r.count {
                    let slot = Int(cursor.pointee)
                    cursor.pointee = Int32(truncatingIfNeeded: slot &+ 1)
                    cursor += 1
                    let s = walk.next()
                    spans[slot] = CenterSpan(start: s.start, end: s.end, triangle: k, shading: copied)
                }
                copied &+= 1
            }
        }
    }

    /// A triangle's listed rows (`range`, first and last) within `rows`.
    @inline(__always)
    static func clip(_ range: SIMD2<Int32>, to rows: Range<Int>) -> ClosedRange<Int>? {
        let first = max(Int(range.x), rows.lowerBound)
        let last = min(Int(range.y), rows.upperBound - 1)
        return first <= last ? first...last : nil
    }

    private func reserve(entries: Int, perRow: Int, triangles: Int, width: Int) {
        if triangles > shadingCapacity {
            shading.deallocate()
            shadingCapacity = max(triangles, 2 * shadingCapacity)
            shading = .allocate(capacity: shadingCapacity)
        }
        if entries > capacity {
            spans.deallocate()
            capacity = max(entries, 2 * capacity)
            spans = .allocate(capacity: capacity)
        }
        if perRow > rowCapacity {
            sortedSpans.deallocate()
            rowCapacity = max(perRow, 2 * rowCapacity)
            sortedSpans = .allocate(capacity: rowCapacity)
        }
        if width > self.width {
            startSpan.deallocate()
            startRow.deallocate()
            self.width = width
            startSpan = .allocate(capacity: width)
            startRow = .allocate(capacity: width)
            startRow.initialize(repeating: 0, count: width)
            mark = 0
        }
    }

    /// Row `y`'s entries in drawing order (empty spans included): the
    /// triangles the row lists.
    func listed(row y: Int) -> UnsafeBufferPointer<CenterSpan> {
        let i = y - rows.lowerBound
        return UnsafeBufferPointer(start: spans + Int(start[i]), count: Int(start[i + 1] - start[i]))
    }

    /// Row `y`'s nonempty center spans sorted by their first pixel; `nil`
    /// where two overlap (then which triangle a pixel shows depends on
    /// drawing order, and ``RasterSetup/cover(row:listed:triangles:scratch:)`` decides it).
    ///
    /// Each span is entered in a table by its first pixel, and the row is
    /// read from its first start on, span after span, each from where the
    /// one before it ends (across a gap, pixel by pixel): every span is
    /// reached exactly when none starts inside another or where another
    /// starts. A pass over the list and one along the row, where merging
    /// the list's ascending runs (a few per patch column) copied every span
    /// two or three times.
    func sorted(row y: Int) -> UnsafeMutableBufferPointer<CenterSpan>? {
        let list = listed(row: y)
        mark &+= 1
        if mark == 0 {
            startRow.update(repeating: 0, count: width)
            mark = 1
        }
        var count = 0
        var first = Int32.max
        var last: Int32 = -1
        for i in 0..<list.count {
            let s = list[i]
            guard s.start < s.end else { continue }
            startRow[Int(s.start)] = mark
            startSpan[Int(s.start)] = Int32(truncatingIfNeeded: i)
            (first, last) = (min(first, s.start), max(last, s.start))
            count += 1
        }
        var found = 0
        var x = Int(first)
        while x <= Int(last) {
            guard startRow[x] == mark else {
                x += 1
                continue
            }
            let span = list[Int(startSpan[x])]
            sortedSpans[found] = span
            found += 1
            x = Int(span.end)
        }
        return found == count ? UnsafeMutableBufferPointer(start: sortedSpans, count: count) : nil
    }
}
