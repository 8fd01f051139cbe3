import Foundation
import MeshGradCore
import MeshGradPNG
import MeshGradTestSupport

/// Debian's Chromium, headless, with WebGL2 on a CPU rasterizer (no GPU needed):
/// screenshots of a page and the text a page writes into its DOM.
struct HeadlessChromium {
    var folder: URL
    var backend: Backend

    /// Where WebGL2 runs. Both are CPU rasterizers: Mesa's llvmpipe through
    /// ANGLE's OpenGL (the rasterizer meshgrad's own GPU path meets on this
    /// machine, allowed past Chromium's blocklist), and ANGLE's SwiftShader
    /// (Chromium's own fallback), which rounds triangle edges and
    /// multisamples its own way.
    enum Backend: String, CaseIterable {
        case llvmpipe, swiftShader

        var flags: [String] {
            switch self {
            case .llvmpipe: ["--use-angle=gl-egl", "--ignore-gpu-blocklist"]
            case .swiftShader: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"]
            }
        }
    }

    static let executable = "/usr/bin/chromium"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    init(_ backend: Backend = .llvmpipe) throws {
        self.backend = backend
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-chromium-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Removes the folder, again while it is there: Chromium's helper
    /// processes can still write to the profile as the browser exits.
    func removeFolder() { TemporaryFiles.remove(folder, retryingFor: 1) }

    /// Chromium's own temporary folders (a singleton socket per profile,
    /// left behind when it is stopped) go into the folder too.
    var environment: [String: String] { ["TMPDIR": folder.path] }

    /// The flags every run shares: WebGL2 through ANGLE on SwiftShader, a
    /// profile of its own, pixels 1:1 unless `scale` says otherwise.
    func flags(width: Int, height: Int, scale: Double = 1, extra: [String] = []) -> [String] {
        [
            "--headless", "--no-sandbox", "--hide-scrollbars", "--force-device-scale-factor=\(scale)",
            "--window-size=\(width),\(height)",
            "--user-data-dir=\(folder.appendingPathComponent("profile-\(UUID())").path)",
            "--allow-file-access-from-files",
        ] + backend.flags + extra
    }

    /// A screenshot of `page` (a file) with `query` after its URL, once
    /// `budget` milliseconds of virtual time have run.
    func screenshot(
        _ page: URL, query: String = "", width: Int, height: Int, budget: Int = 3000, extraFlags: [String] = [],
        timeout: TimeInterval = 120
    ) throws -> RGBAImage<UInt8> {
        let shot = folder.appendingPathComponent("shot-\(UUID()).png")
        let run = try ChildProcess.run(
            Self.executable,
            flags(
                width: width, height: height,
                extra: extraFlags + ["--virtual-time-budget=\(budget)", "--screenshot=\(shot.path)"])
                + [page.absoluteString + query], environment: environment, timeout: timeout)
        guard run.status == 0, let bytes = try? [UInt8](Data(contentsOf: shot)) else {
            throw ChromiumFailure(message: "no screenshot (status \(run.status)): \(run.err.suffix(2000))")
        }
        return try PNGDecoder.decode(bytes).image8
    }

    /// The page's DOM after `budget` milliseconds of virtual time (the
    /// page writes its findings into it), or of real time when `budget`
    /// is nil and the page ends itself by writing them.
    func dom(
        _ page: URL, query: String = "", width: Int = 800, height: Int = 600, scale: Double = 1,
        budget: Int = 3000, extra: [String] = []
    ) throws -> String {
        let run = try ChildProcess.run(
            Self.executable,
            flags(
                width: width, height: height, scale: scale,
                extra: extra + ["--virtual-time-budget=\(budget)", "--dump-dom"])
                + [page.absoluteString + query], environment: environment, timeout: 180)
        guard run.status == 0 else { throw ChromiumFailure(message: "status \(run.status): \(run.err.suffix(2000))") }
        return run.out
    }
}

extension HeadlessChromium {
    /// What `page` reports in real time: it runs until the page sets its
    /// title to `done ` and its findings (read through the DevTools HTTP
    /// endpoint's page list), or `timeout` seconds pass.
    func realTimeReport(
        _ page: URL, width: Int = 800, height: Int = 600, scale: Double = 1, extra: [String] = [],
        timeout: TimeInterval = 60
    ) throws -> String {
        let port = 9300 + Int.random(in: 0..<600)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments =
            flags(width: width, height: height, scale: scale, extra: extra + ["--remote-debugging-port=\(port)"])
            + [page.absoluteString]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            let list = try ChildProcess.run("/usr/bin/curl", ["-s", "http://127.0.0.1:\(port)/json/list"], timeout: 10)
            guard let targets = try? JSONSerialization.jsonObject(with: list.output) as? [[String: Any]] else {
                continue
            }
            for target in targets {
                if let title = target["title"] as? String, title.hasPrefix("done ") {
                    return String(title.dropFirst(5)).replacingOccurrences(of: "&quot;", with: "\"")
                        .replacingOccurrences(of: "&amp;", with: "&")
                }
            }
        }
        throw ChromiumFailure(message: "\(page.lastPathComponent) reported nothing in \(Int(timeout)) s")
    }
}

struct ChromiumFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "chromium: \(message)" }
}
