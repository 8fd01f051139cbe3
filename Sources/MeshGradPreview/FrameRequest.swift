import Foundation

/// Frames asked for by a script or a test, answered once drawn: with
/// `MESHGRAD_PREVIEW_FRAME_REQUEST=FILE` in the environment, writing a PNG
/// path into FILE asks the preview to finish what it is doing (the input
/// already received, the frames its widgets need to settle), draw, and
/// write that frame's pixels to the path. Waiting for the PNG replaces
/// waiting for a time: it holds on a loaded machine.
struct FrameRequest {
    let path: String? = ProcessInfo.processInfo.environment["MESHGRAD_PREVIEW_FRAME_REQUEST"]
    /// Where the next settled frame goes.
    private(set) var pending: String?

    /// Takes a new request, if one was written (checked every loop turn:
    /// one `stat` while nothing is asked).
    mutating func poll() -> Bool {
        guard let path, pending == nil, FileManager.default.fileExists(atPath: path) else { return false }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: path)
        let target = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !target.isEmpty else { return false }
        pending = target
        return true
    }

    /// The path to write now, once: after a frame with nothing left to settle.
    mutating func take(settled: Bool) -> String? {
        guard settled, let target = pending else { return nil }
        pending = nil
        return target
    }
}
