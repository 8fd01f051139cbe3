import Foundation
import MeshGradCore

/// `preview --frames N --layout-json FILE`: after the last frame, where the
/// artboard, each panel and each ruler are, in the window's framebuffer
/// pixels (y down), so that scripts and tests can check the layout against
/// a screenshot:
///
///     {"artboard": {"x": 352, "y": 34, "width": 576, "height": 324},
///      "panels": [{"name": "document", "x": 10, …}, …],
///      "rulers": [{"name": "left", …}, {"name": "top", …}]}
extension PreviewSession {
    func writeLayoutReport(to path: String) throws {
        let scale = pixelScale
        let view = canvasView
        func entry(_ r: SIMD4<Double>) -> String {
            "\"x\": \(Int(r.x.rounded())), \"y\": \(Int(r.y.rounded())), \"width\": \(Int(r.z.rounded())), \"height\": \(Int(r.w.rounded()))"
        }
        func entries(_ rects: [String: SIMD4<Double>]) -> String {
            rects.keys.sorted().map { name -> String in
                let r = rects[name]!
                let pixels = SIMD4(r.x * scale.x, r.y * scale.y, r.z * scale.x, r.w * scale.y)
                return "    {\"name\": \"\(name)\", \(entry(pixels))}"
            }.joined(separator: ",\n")
        }
        let artboard = SIMD4(view.origin.x, view.origin.y, view.size.x, view.size.y)
        let text = """
            {
              "artboard": {\(entry(artboard))},
              "panels": [
            \(entries(panelRects))
              ],
              "rulers": [
            \(entries(rulerRects))
              ]
            }

            """
        try AtomicFile.write(Array(text.utf8), to: URL(fileURLWithPath: path))
    }
}
