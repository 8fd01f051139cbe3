import Foundation

/// Ties GL objects to the context that made them.
///
/// A GL name means something only in its context, and deleting it needs
/// that context current. Every wrapper (buffer, texture, program, ...)
/// records the lifetime of the context current when it was made, and its
/// `deinit` deletes the name only while that same context is current and
/// alive. Objects outliving their context are skipped: destroying the
/// context freed them already. This makes release order safe, whatever
/// order Swift releases an owner's properties in.
final class GLContextLifetime: @unchecked Sendable {
    private(set) var isAlive = true

    /// Contexts are current per thread, and so is this.
    private static let key = "meshgrad.gl.context-lifetime"
    private static var currentOnThread: GLContextLifetime? {
        get { Thread.current.threadDictionary[key] as? GLContextLifetime }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// Called by a context when it becomes current on this thread.
    static func makeCurrent(_ lifetime: GLContextLifetime?) { currentOnThread = lifetime }

    /// The lifetime of the context current on this thread.
    static var active: GLContextLifetime? { currentOnThread }

    /// Called by a context as it is destroyed.
    func end() {
        isAlive = false
        if GLContextLifetime.currentOnThread === self { GLContextLifetime.currentOnThread = nil }
    }

    /// Whether an object made under `lifetime` may be deleted now.
    static func canDelete(_ lifetime: GLContextLifetime?) -> Bool {
        guard let lifetime, lifetime.isAlive else { return false }
        return currentOnThread === lifetime
    }
}
