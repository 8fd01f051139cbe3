import CGLFW
import MeshGradCore
import MeshGradEditor
import MeshGradLossy

/// A photo dropped on the window: the mesh becomes one fitted to it
/// (`meshgrad fit --positions` at the current grid size).
extension PreviewSession {
    func installPhotoDrop() {
        glfwSetDropCallback(window.handle) { window, count, paths in
            guard count > 0, let paths, let first = paths[0], let session = PreviewSession.from(window) else { return }
            session.fitPhoto(path: String(cString: first))
        }
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
