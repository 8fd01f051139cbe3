import Foundation
import MeshGradCore
import MeshGradEditor
import MeshGradGL
import MeshGradImGui
import MeshGradLossy

/// A photo beside the document (dropped on the window, or opened with
/// Ctrl-O): shown in the Document panel's Image section, where a click gives
/// the color of the photo's pixel there to the selection (an eyedropper
/// on the photo), and "Fit the mesh to it" fits the mesh as `meshgrad fit
/// --positions` does. The document does not refer to it.
struct ReferenceImage {
    var path: String
    /// At full size: a click picks its pixel, not the thumbnail's.
    var image: RGBAImage<UInt8>
    var texture: PanelImage

    /// The pixel at `u`, `v` (0…1 across and down) as a color.
    func color(u: Double, v: Double) -> RGBAColor {
        let x = min(max(Int(u * Double(image.width)), 0), image.width - 1)
        let y = min(max(Int(v * Double(image.height)), 0), image.height - 1)
        let p = image[x, y]
        return RGBAColor(
            red: Double(p.x) / 255, green: Double(p.y) / 255, blue: Double(p.z) / 255, alpha: Double(p.w) / 255)
    }

    /// Whether `path` names a photo (PNG or JPEG) rather than a document.
    static func isPhoto(_ path: String) -> Bool {
        ["png", "jpg", "jpeg"].contains((path as NSString).pathExtension.lowercased())
    }
}

extension PreviewSession {
    /// Reads the photo at `path` and shows it in the Image section.
    func showReference(path: String) {
        do {
            let image = try PhotoReader.read(path: path)
            reference = ReferenceImage(path: path, image: image, texture: try PanelImage(image))
            panelsVisible = true
            output("meshgrad preview: showing \(path) (\(image.width)x\(image.height)); click it to take a color\n")
            say("\((path as NSString).lastPathComponent): click it to take its color, or fit the mesh to it")
        } catch {
            errorOutput("meshgrad preview: \(error)\n")
            say("could not read the image: \(error)")
        }
    }

    /// The Edit panel's Image section: the photo as wide as the panel (at
    /// most 220 units tall), a click taking its color; fit; close.
    func referenceSection() {
        guard let shown = reference else { return }
        let open = mgui_header("Image", true)
        panels.layout.note("image-header")
        guard open else { return }
        let scale = min(270 / Double(shown.texture.width), 220 / Double(shown.texture.height))
        var u: Float = 0
        var v: Float = 0
        let w = Float(Double(shown.texture.width) * scale)
        let h = Float(Double(shown.texture.height) * scale)
        if mgui_image(shown.texture.textureName, w, h, &u, &v) { takeReferenceColor(u: Double(u), v: Double(v)) }
        panels.layout.note("image")
        mgui_text_disabled("A click gives its color to the selection.")
        if mgui_button("Fit the mesh to it") { fitPhoto(path: shown.path) }
        panels.layout.note("image-fit")
        mgui_same_line()
        if mgui_button("Close##image") {
            reference = nil
            needsRedraw = true
        }
    }

    func takeReferenceColor(u: Double, v: Double) {
        guard let shown = reference else { return }
        guard editor.selection != nil else {
            return refuse("select a vertex (or B) to give the image's color to")
        }
        let color = shown.color(u: u, v: v)
        applyColor(color)
        say("took \(color.hexString) from \((shown.path as NSString).lastPathComponent)")
    }
}
