import Foundation

/// An X display for window tests: `$DISPLAY` when set (CI starts Xvfb),
/// else an Xvfb server this process starts once and stops at exit.
/// `nil`, with the reason, when neither is possible.
public enum XDisplay {
    public static let name: Result<String, XDisplayError> = {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return .success(display)
        }
        guard
            let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return .failure(XDisplayError(reason: "no DISPLAY and no Xvfb (Debian: apt-get install xvfb)"))
        }
        // Xvfb picks a free display number and writes it once it is ready.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1600x1000x24", "-nolisten", "tcp", "-noreset"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            var text = ""
            while !text.contains("\n") {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            if let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                server = process
                atexit { XDisplay.server?.terminate() }
                return .success(":\(number)")
            }
            process.terminate()
        }
        return .failure(XDisplayError(reason: "Xvfb did not start"))
    }()

    nonisolated(unsafe) static var server: Process?
}

public struct XDisplayError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// Runs a program on the test display and returns its standard output
/// (which must be small: it is read once the program ends). A program
/// still running after `timeout` seconds is stopped and reported: `import`
/// of a window that has gone away waits for a click forever.
@discardableResult
public func runOnDisplay(
    _ executable: String, _ arguments: [String], display: String, timeout: TimeInterval = 15
) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        throw XDisplayError(reason: "\(executable) \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
}
