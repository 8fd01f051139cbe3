import Foundation

/// Where the editor keeps what outlives a window: the recent files and a
/// preset's unsaved work. `$XDG_STATE_HOME/meshgrad`, or
/// `~/.local/state/meshgrad` (the XDG base directory's place for history
/// and recently used files); nil without either variable.
public enum StateFolder {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return (state as NSString).appendingPathComponent("meshgrad")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home as NSString).appendingPathComponent(".local/state/meshgrad")
    }
}
