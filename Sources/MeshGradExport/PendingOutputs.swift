import Foundation
import MeshGradCore

/// Outputs being written (temporary files and folders, and the ffmpeg
/// writing them), so that Ctrl-C can stop ffmpeg and remove them before the
/// process exits: an interrupted export leaves nothing behind.
public final class PendingOutputs: @unchecked Sendable {
    public static let shared = PendingOutputs()

    private let lock = NSLock()
    private var entries: [URL: Process?] = [:]
    /// Folders a run made for its output (`mkdir -p`), deepest first.
    private var madeFolders: [String] = []
    private var abandoned = false

    /// Whether ``abandonAll()`` has begun: the run is being stopped, and
    /// what fails because of it (an encoder killed under a writer) is not
    /// an error of the run's own.
    public var isAbandoned: Bool { lock.withLock { abandoned } }

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
        let all = lock.withLock {
            abandoned = true
            return entries
        }
        for case let process? in all.values {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
        }
        // A writer thread may add a frame to a folder as it is removed;
        // frames are only ever written into it, so once gone it stays gone.
        for url in all.keys { TemporaryFiles.remove(url, retryingFor: 0.5) }
        for folder in lock.withLock({ madeFolders }) { rmdir(folder) }
    }
}
