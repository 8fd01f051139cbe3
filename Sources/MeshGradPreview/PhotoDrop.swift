import CGLFW
import MeshGradCore
import MeshGradEditor
import MeshGradLossy

/// A file dropped on the window: a photo is shown in the Image section
/// (``ReferenceImage``), to take colors from or to fit the mesh to
/// (`meshgrad fit --positions` at the current grid size); a document is
/// opened.
extension PreviewSession {
    func installPhotoDrop() {
        glfwSetDropCallback(window.handle) { window, count, paths in
            guard count > 0, let paths, let first = paths[0], let session = PreviewSession.from(window) else { return }
            session.dropped(path: String(cString: first))
        }
    }

    func dropped(path: String) {
        if ReferenceImage.isPhoto(path) { showReference(path: path) } else { requestOpen(path) }
        needsRedraw = true
    }

    func fitPhoto(path: String) {
        guard let mesh = editor.mesh?.mesh else { return }
        do {
            let photo = try PhotoReader.read(path: path)
            let fitter = MeshFitter(
                target: FitTarget(photo), settings: .init(width: mesh.width, height: mesh.height, positions: true))
            var last = 0.0
            editor.replaceMesh(with: fitter.fit { last = $0.psnr })
            output("meshgrad preview: fitted \(mesh.width)x\(mesh.height) to \(path) (\(Int(last.rounded())) dB)\n")
            needsRedraw = true
        } catch {
            errorOutput("meshgrad preview: \(error)\n")
        }
    }
}
