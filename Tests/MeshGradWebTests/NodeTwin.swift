import Foundation
import MeshGradTestSupport
import MeshGradWeb

/// Runs the JavaScript twins of the core in node, then `driver` (which
/// prints with `console.log`), and returns what it printed, decoded as JSON.
/// The Swift side of a twin test computes the same thing and compares.
func runTwins(_ driver: String) throws -> Any {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-node-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("twins.mjs")
    try (WebScripts.core + "\n// the test's driver\n" + driver).write(to: script, atomically: true, encoding: .utf8)
    let node = try ChildProcess.run("/usr/bin/env", ["node", script.path], timeout: 120)
    guard node.status == 0 else { throw NodeFailure(message: node.err) }
    return try JSONSerialization.jsonObject(with: node.output, options: [.fragmentsAllowed])
}

struct NodeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "node failed: \(message)" }
}

/// A JSON literal of `value` for a driver script (numbers written so that
/// JavaScript reads back the same doubles).
func jsonLiteral(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
}
