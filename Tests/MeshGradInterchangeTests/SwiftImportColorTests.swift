import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// Colors written the ways real views write them, each against a plain
/// twin that spells the same color as `Color(red:green:blue:)`. Snippets
/// written for these tests; the HSB values were computed with Python's
/// colorsys.
@Suite struct SwiftImportColorTests {
    /// A 2×2 mesh whose four colors are `colors`, after `preamble`.
    static func view(_ colors: [String], preamble: String = "") -> String {
        """
        import SwiftUI
        \(preamble)
        struct Swatch: View {
            var body: some View {
                MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                             colors: [\(colors.joined(separator: ", "))])
            }
        }
        """
    }

    static func colors(_ text: String, named: [String: RGBAColor] = [:]) throws -> [RGBAColor] {
        let results = SwiftImport.meshes(in: text, file: "swatch.swift", colors: named)
        return try #require(results.first).get().mesh.colors
    }

    /// Within 1/1000 in every component (the twins' decimals are rounded).
    static func near(_ a: [RGBAColor], _ b: [RGBAColor]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            abs(x.red - y.red) < 1e-3 && abs(x.green - y.green) < 1e-3 && abs(x.blue - y.blue) < 1e-3
                && abs(x.alpha - y.alpha) < 1e-3
        }
    }

    @Test func hueSaturationBrightness() throws {
        let hsb = try Self.colors(Self.view([
            "Color(hue: 0.58, saturation: 0.7, brightness: 0.9)", "Color(hue: 0.93, saturation: 0.4, brightness: 0.8)",
            "Color(hue: 0, saturation: 1, brightness: 1)", "Color(hue: 1.0 / 3, saturation: 1, brightness: 1, opacity: 0.5)",
        ]))
        let plain = try Self.colors(Self.view([
            "Color(red: 0.27, green: 0.5976, blue: 0.9)", "Color(red: 0.8, green: 0.48, blue: 0.6144)",
            "Color(red: 1, green: 0, blue: 0)", "Color(red: 0, green: 1, blue: 0, opacity: 0.5)",
        ]))
        #expect(Self.near(hsb, plain), "\(hsb)")
    }

    /// The file's own hex initializer, in its integer and string forms,
    /// force-unwrapped or not; and a hex literal anywhere is its value.
    @Test func hexInitializersOfTheFile() throws {
        let preamble = """
            extension Color {
                init(hex: UInt32) { self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255) }
                init?(hex: String) { return nil }
            }
            """
        let hex = try Self.colors(Self.view(
            ["Color(hex: 0xFF5F6D)", "Color(hex: \"#2A9D8F\")!", "Color(hex: \"E9C46A\")!", "Color(hex: 0x0000_80)"],
            preamble: preamble))
        let plain = try Self.colors(Self.view([
            "Color(red: 1, green: 95.0 / 255, blue: 109.0 / 255)", "Color(red: 42.0 / 255, green: 157.0 / 255, blue: 143.0 / 255)",
            "Color(red: 233.0 / 255, green: 196.0 / 255, blue: 106.0 / 255)", "Color(red: 0, green: 0, blue: 128.0 / 255)",
        ]))
        #expect(Self.near(hex, plain), "\(hex)")
    }

    /// A failable hex initializer with a fallback (`?? .clear`), inside
    /// `if #available`: the color the initializer makes.
    @Test func aFallbackAndAnAvailabilityCheck() throws {
        let text = """
            import SwiftUI
            struct Card: View {
                var body: some View {
                    if #available(iOS 18.0, *) {
                        MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                                     colors: [Color(hex: "#264653") ?? .clear, .red, .red, .red])
                    } else {
                        Color.red
                    }
                }
            }
            """
        let fallback = try Self.colors(text)
        let plain = try Self.colors(Self.view([
            "Color(red: 38.0 / 255, green: 70.0 / 255, blue: 83.0 / 255)", ".red", ".red", ".red",
        ]))
        #expect(Self.near(fallback, plain), "\(fallback)")
    }

    /// Names the file cannot define: refused naming the name and the fix,
    /// then accepted with the color given.
    @Test func namesFromOutsideTheFile() throws {
        let text = Self.view(["Theme.accent", "Color(\"Brand\")", ".red", ".blue"])
        let refused = SwiftImport.meshes(in: text, file: "swatch.swift")
        #expect(throws: (any Error).self) { try refused[0].get() }
        if case .failure(let error) = refused[0] {
            #expect("\(error)" == "swatch.swift:6:31: “Theme.accent” is defined outside this file; pass --color Theme.accent=#RRGGBB")
        }
        let onlyTheme = SwiftImport.meshes(in: text, file: "swatch.swift", colors: ["Theme.accent": .white])
        if case .failure(let error) = onlyTheme[0] {
            #expect("\(error)".hasSuffix("the asset color “Brand” is not in this file; pass --color Brand=#RRGGBB"))
        } else {
            Issue.record("Color(\"Brand\") imported without a color for it")
        }
        let given = try Self.colors(
            text, named: ["Theme.accent": RGBAColor(hex: "#224466")!, "Brand": RGBAColor(hex: "#FFAA00")!])
        let plain = try Self.colors(Self.view([
            "Color(red: 34.0 / 255, green: 68.0 / 255, blue: 102.0 / 255)", "Color(red: 1, green: 170.0 / 255, blue: 0)",
            ".red", ".blue",
        ]))
        #expect(Self.near(given, plain), "\(given)")
    }

    /// Colors that follow the appearance: their light-mode values, each
    /// with a note (once per mesh).
    @Test func semanticColorsAreTheirLightModeValues() throws {
        let text = Self.view([".accentColor", "Color(.secondarySystemBackground)", ".primary", ".accentColor"])
        let imported = try #require(SwiftImport.meshes(in: text, file: "swatch.swift").first).get()
        let plain = try Self.colors(Self.view([
            "Color(red: 0, green: 122.0 / 255, blue: 1)", "Color(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)",
            ".black", "Color(red: 0, green: 122.0 / 255, blue: 1)",
        ]))
        #expect(Self.near(imported.mesh.colors, plain))
        #expect(imported.notes.count == 3, "\(imported.notes)")
        #expect(imported.notes.first == ".accentColor follows the app's appearance; used its light-mode value #007AFF")
    }
}
