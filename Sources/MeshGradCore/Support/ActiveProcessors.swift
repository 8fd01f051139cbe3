import Foundation

/// The processors this process may use, as `ProcessInfo` counts them
/// (affinity and the cgroup's CPU quota), asked once: Foundation reads the
/// cgroup's files again on every call, and a render asks for the count in
/// five places before it draws (a twelfth of a 16×16 render's CPU time).
/// A quota changed while the process runs is not seen.
public enum ActiveProcessors {
    public static let count = ProcessInfo.processInfo.activeProcessorCount
}
