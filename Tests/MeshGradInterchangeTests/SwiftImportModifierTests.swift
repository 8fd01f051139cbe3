import Foundation
import MeshGradCore
import MeshGradDocument
import Testing

@testable import MeshGradInterchange

/// A `MeshGradient(…)` followed by the modifiers views put after it: the
/// mesh reads as its plain twin, and what changes the drawing is a note.
/// Snippets written for these tests.
@Suite struct SwiftImportModifierTests {
    static let mesh = """
        MeshGradient(
                    width: 2, height: 2,
                    points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                    colors: [.indigo, .teal, .orange, .pink])
        """

    static func view(_ body: String) -> String {
        """
        import SwiftUI

        struct Backdrop: View {
            var body: some View {
                \(body)
            }
        }
        """
    }

    /// Each chain and the modifiers that must be noted, in order.
    static let chains: [(chain: String, noted: [String])] = [
        (".ignoresSafeArea()", []),
        (".frame(width: 320, height: 180)", []),
        (".onAppear { print(\"shown\") }", []),
        (".blur(radius: 6)", ["blur"]),
        (".overlay { Text(\"Welcome\").font(.largeTitle) }", ["overlay"]),
        ("\n            .ignoresSafeArea()\n            .opacity(0.8)\n            .onAppear {}", ["opacity"]),
        (".overlay(alignment: .bottom) { Text(\"A\") }.clipShape(RoundedRectangle(cornerRadius: 12))", ["overlay", "clipShape"]),
        (".edgesIgnoringSafeArea(.all).hueRotation(.degrees(30))", ["hueRotation"]),
    ]

    @Test(arguments: 0..<chains.count)
    func aModifierChainLeavesTheMesh(index: Int) throws {
        let (chain, noted) = Self.chains[index]
        let plain = try importOne(Self.view(Self.mesh))
        let chained = try importOne(Self.view(Self.mesh + chain))
        #expect(chained.mesh == plain.mesh, "\(chain)")
        let document = AnimatedMesh(chained.mesh)
        #expect(renderDifference(document, AnimatedMesh(plain.mesh), time: 0) == 0)
        #expect(plain.notes.isEmpty)
        #expect(chained.notes.count == noted.count, "\(chained.notes)")
        for (note, name) in zip(chained.notes, noted) {
            #expect(note.hasPrefix("ignored .\(name)"), "\(note)")
        }
    }

    @Test func aBlurNoteSaysWhatAndWhere() throws {
        let imported = try importOne(Self.view(Self.mesh + ".blur(radius: 6)"))
        // The mesh ends on the view's eighth line, 53 characters in; the blur's dot follows.
        #expect(imported.notes == ["ignored .blur(radius: 6) at 8:54: the document holds the mesh alone"])
    }

    /// The mesh as a shape style: the modifiers belong to the shape.
    @Test func modifiersOfTheShapeAreNotTheMeshes() throws {
        let imported = try importOne(Self.view("Rectangle().fill(" + Self.mesh + ").blur(radius: 3)"))
        #expect(imported.notes.isEmpty)
        #expect(imported.mesh == (try importOne(Self.view(Self.mesh))).mesh)
    }
}
