// The libFuzzer target (Scripts/fuzz.sh): a document's bytes through the
// decoder, the validation layer, the frame plan and the CPU renderer, at a
// 16×16 canvas and a fuzzed time. Whatever the bytes, the answer is a
// rendered frame or a thrown error: a trap, an abort, an out-of-memory or
// an address-sanitizer report is a defect.
//
// An input may start with a line `#time T`; the rest is the document. The
// seeds (the presets) carry one, so the fuzzer mutates times as well.
//
// Built by Scripts/fuzz.sh with `-sanitize=fuzzer,address` against the
// package's own modules; it is not a SwiftPM target, so `swift build` never
// links it (libFuzzer brings its own `main`).

import MeshGradCore
import MeshGradDocument
import MeshGradPipeline
import MeshGradText

let textMasks = TextMaskCache()
let renderer = CPUFrameRenderer(threadCount: 1)

/// Splits off an optional `#time T` first line.
func splitTime(_ bytes: [UInt8]) -> (time: Double?, document: [UInt8]) {
    let prefix = Array("#time ".utf8)
    guard bytes.starts(with: prefix) else { return (nil, bytes) }
    let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let text = String(decoding: bytes[prefix.count..<end], as: UTF8.self)
    return (Double(text), Array(bytes[min(end + 1, bytes.count)...]))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let (time, bytes) = splitTime(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let document = try? GradientDocument.decode(bytes) else { return 0 }
    guard
        let plan = try? FramePlan(
            document, label: "fuzz", width: 16, height: 16, time: time ?? document.poster, textMasks: textMasks)
    else { return 0 }
    _ = renderer.render8(plan, dithers: true)
    return 0
}
