import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How much memory this process may still take, and which limit says so:
/// the smallest of most of physical memory, the address-space limit
/// (`ulimit -v`, `RLIMIT_AS`) less what is already mapped, and the
/// cgroup's memory limit (a container's, v2 or v1) less what the cgroup
/// already uses. A render that needs more is refused before it allocates,
/// in one line naming the limit, rather than aborting in `malloc`.
public struct MemoryLimit: Sendable, Equatable {
    /// Bytes that may still be allocated.
    public var available: UInt64
    /// What the limit is, for messages: "80% of physical memory (23.9 GB)".
    public var name: String

    public init(available: UInt64, name: String) {
        self.available = available
        self.name = name
    }

    /// The tightest limit on this process now.
    public static func current() -> MemoryLimit {
        var limits = [physical()]
        if let limit = addressSpace() { limits.append(limit) }
        if let limit = cgroup() { limits.append(limit) }
        return limits.min { $0.available < $1.available }!
    }

    static func physical(_ bytes: UInt64 = ProcessInfo.processInfo.physicalMemory) -> MemoryLimit {
        MemoryLimit(available: bytes / 10 * 8, name: "80% of physical memory (\(formatBytes(bytes)))")
    }

    /// `RLIMIT_AS` less the address space already mapped (threads' stacks
    /// and the heap's reservations count, which is why it is read, not
    /// guessed).
    static func addressSpace() -> MemoryLimit? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
        else { return nil }
        let mapped = mappedBytes() ?? 0
        let total = UInt64(limit.rlim_cur)
        return MemoryLimit(
            available: total > mapped ? (total - mapped) / 10 * 9 : 0,
            name: "the address-space limit (ulimit -v) of \(formatBytes(total)), \(formatBytes(mapped)) already mapped")
    }

    /// The process's mapped address space, from /proc/self/statm.
    static func mappedBytes() -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").first.flatMap({ UInt64($0) })
        else { return nil }
        return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The cgroup's memory limit less its usage (cgroup v2, else v1).
    public static func cgroup(root: String = "/sys/fs/cgroup") -> MemoryLimit? {
        func number(_ path: String) -> UInt64? {
            // Split, not `trimmingCharacters`, which goes through NSString.
            (try? String(contentsOfFile: path, encoding: .utf8))?.split(whereSeparator: \.isWhitespace).first
                .flatMap { UInt64($0) }
        }
        let pairs = [
            ("\(root)/memory.max", "\(root)/memory.current"),
            ("\(root)/memory/memory.limit_in_bytes", "\(root)/memory/memory.usage_in_bytes"),
        ]
        for (limitPath, usagePath) in pairs {
            // "max" (v2) does not parse; v1 says "no limit" with a huge number.
            guard let limit = number(limitPath), limit < 1 << 60 else { continue }
            let used = number(usagePath) ?? 0
            return MemoryLimit(
                available: limit > used ? (limit - used) / 10 * 9 : 0,
                name: "the cgroup memory limit of \(formatBytes(limit)), \(formatBytes(used)) in use")
        }
        return nil
    }
}

/// `1.2 GB`, `340 MB`: sizes in messages. In integers, rounding halves to
/// even as `%.1f` does: `String(format:)` loads Foundation's formatting on
/// its first call, a fifth of a millisecond of every render's start.
func formatBytes(_ bytes: UInt64) -> String {
    if bytes >= 1_000_000_000 {
        let tenths = roundedQuotient(bytes, 100_000_000)
        return "\(tenths / 10).\(tenths % 10) GB"
    }
    if bytes >= 1_000_000 { return "\(roundedQuotient(bytes, 1_000_000)) MB" }
    return "\(roundedQuotient(bytes, 1_000)) kB"
}

/// `value / unit` to the nearest whole number, a half to the even one.
private func roundedQuotient(_ value: UInt64, _ unit: UInt64) -> UInt64 {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: unit)
    let twice = remainder * 2
    return twice > unit || (twice == unit && quotient % 2 == 1) ? quotient + 1 : quotient
}
