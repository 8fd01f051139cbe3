import Foundation

/// Outputs being written (temporary files and folders, and the ffmpeg
/// writing them), so that Ctrl-C can stop ffmpeg and remove them before the
/// process exits: an interrupted export leaves nothing behind.
public final class PendingOutputs: @unchecked Sendable {
    public static let shared = PendingOutputs()

    private let lock = NSLock()
    private var entries: [URL: Process?] = [:]
    /// Folders a run made for its output (`mkdir -p`), deepest first.
    private var madeFolders: [String] = []

    func register(_ url: URL, process: Process?) { lock.withLock { entries[url] = process } }
    func unregister(_ url: URL) { lock.withLock { _ = entries.removeValue(forKey: url) } }

    /// Folders made for an output, which Ctrl-C removes too, if they are
    /// still empty (`rmdir`: a file that another run put there keeps its
    /// folder), until ``forgetFolders(_:)``.
    public func trackFolders(_ folders: [String]) { lock.withLock { madeFolders = folders + madeFolders } }

    public func forgetFolders(_ folders: [String]) {
        lock.withLock { madeFolders.removeAll { folders.contains($0) } }
    }

    /// Stops the encoders and removes every pending output. Called by the
    /// `meshgrad` executable when it is interrupted, just before it exits:
    /// the encoders are killed outright (the output is being thrown away).
    public func abandonAll() {
        let all = lock.withLock { entries }
        for (url, process) in all {
            if let process, process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
            try? FileManager.default.removeItem(at: url)
        }
        // A writer thread may have added a frame to a folder while it was
        // being removed: look again once it has had time to stop.
        usleep(50_000)
        for url in all.keys where FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.removeItem(at: url)
        }
        for folder in lock.withLock({ madeFolders }) { rmdir(folder) }
    }
}
