import Foundation

/// A one-line progress display on standard error: frames, speed and the
/// time left. Drawn only on a terminal, at most ten times a second, and
/// erased by its final newline.
final class ProgressBar {
    let total: Int
    let enabled: Bool
    let console: Console
    let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0

    init(total: Int, console: Console, quiet: Bool) {
        self.total = total
        self.console = console
        enabled = !quiet && isatty(STDERR_FILENO) == 1 && console.err is FileDescriptorOutput
    }

    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    func update(done: Int) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard done == total || now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        let fps = Double(done) / max(elapsed, 1e-9)
        let eta = fps > 0 ? Double(total - done) / fps : 0
        let width = 24
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        console.err.write(String(format: "\r[%@] %d/%d frames  %.1f fps  ETA %.1f s ", bar, done, total, fps, eta))
    }

    func finish() {
        guard enabled else { return }
        console.err.write("\r" + String(repeating: " ", count: 72) + "\r")
    }
}
