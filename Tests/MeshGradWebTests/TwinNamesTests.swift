import Foundation
import Testing

@testable import MeshGradWeb

/// Each JavaScript file is the twin of a Swift file of the same stem in
/// the same folder (vello's rule for its CPU shaders), or, in Element/,
/// browser-only code; and every module part keeps the joining rules.
@Suite struct TwinNamesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Where a twin's Swift original may live.
    static let originals = ["MeshGradCore", "MeshGradDocument", "MeshGradGL"]

    @Test func everyTwinHasItsSwiftOriginal() {
        #expect(WebScripts.files.count > 20)
        for file in WebScripts.files where !file.path.hasPrefix("Element/MeshGradient") {
            let stem = (file.path as NSString).deletingPathExtension
            let folder = (stem as NSString).deletingLastPathComponent
            let name = (stem as NSString).lastPathComponent
            let candidates = Self.originals.flatMap { module in
                [
                    Self.sources.appendingPathComponent("\(module)/\(stem).swift"),
                    Self.sources.appendingPathComponent("\(module)/\(name).swift"),
                ]
            }
            let found = candidates.contains { FileManager.default.fileExists(atPath: $0.path) }
            #expect(found, "\(file.path): no \(name).swift in \(folder) of \(Self.originals)")
        }
    }

    @Test func partsHoldOnlyDeclarations() {
        // A line at the left margin starts a declaration or a comment, or
        // closes one: nothing runs while the module loads but the element's
        // definition, which WebModule adds.
        let allowed = ["function ", "const ", "//", "/*", " *", "}", ")", "];", "`;", "</style>"]
        for file in WebScripts.files {
            for line in file.text.split(separator: "\n", omittingEmptySubsequences: true)
            where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
                #expect(allowed.contains { line.hasPrefix($0) }, "\(file.path): \(line)")
            }
        }
    }
}
