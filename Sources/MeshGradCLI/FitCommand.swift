import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradLossy

/// `meshgrad fit`: a mesh document fitted to a photo by least squares
/// (MeshGradEditor's MeshFitter), with the PSNR of each step.
struct FitCommand: Command {
    static let name = "fit"
    static let summary = "Fit a mesh gradient to a photo (JPEG or PNG), by least squares"
    static let usage = ["PHOTO.jpg|PHOTO.png -o OUT.json"]
    static let discussion = """
        Works on a copy of the photo downscaled to 64 pixels on its long side and blurred (a
        mesh cannot hold finer detail), in sRGB values: the document is a "device" mesh. The
        vertex colors are the least-squares solution for bilinear colors; for smooth colors
        (the default) that solution is refined, since the monotone slopes are not linear.
        --positions then moves the interior vertices (border ones along the border) where that
        lowers the error, never folding a patch. Each step's PSNR against the blurred photo is
        printed on standard error.
        """
    static let arguments: [Option] = [
        .argument("PHOTO", "The photo: a JPEG or a PNG.", complete: .files(["jpg", "jpeg", "png"]))
    ]
    static let options: [Option] = [
        .value(
            "--output", aliases: ["-o"], "FILE", "Write the document there (atomically) instead of standard output.",
            complete: .files(["json"])),
        .value("--grid", "WxH", "Vertices across and down (default 4x4; 2 to \(GeneratorSettings.maximumGrid))."),
        .flag("--positions", "Move the vertices too (slower; higher PSNR)."),
        .flag("--linear", "Bilinear colors (smoothsColors false): the exact least-squares fit."),
        .flag("--baseline", "Also print the PSNR of the k-means-palette-on-a-grid baseline."),
    ]

    static func run(_ arguments: Arguments, console: Console) throws {
        guard let path = arguments.positionals.first else {
            throw UsageError(command: name, message: "no photo given; expected PHOTO.jpg or PHOTO.png")
        }
        let grid =
            try arguments.value(
                "--grid", expected: "WxH, e.g. 4x4, each 2 to \(GeneratorSettings.maximumGrid)", RandomCommand.parseGrid
            )
            ?? (4, 4)
        // What is at the output is checked before the photo is read.
        let output = try arguments.value("--output")
        if let output { _ = try OutputTarget.of(output) }
        let photo: PhotoReader.Photo
        do {
            // The fit works on a 64-pixel copy: a JPEG decodes at a reduced
            // scale (at least 8 times that), never at full size.
            photo = try PhotoReader.read(path: path, longSide: 8 * FitTarget.longSide)
        } catch {
            throw CommandError(error.description)
        }
        let start = DispatchTime.now()
        let target = FitTarget(photo.image)
        let settings = MeshFitter.Settings(
            width: grid.0, height: grid.1, smooth: !arguments.flag("--linear"), positions: arguments.flag("--positions")
        )
        let fitter = MeshFitter(target: target, settings: settings)
        let mesh = fitter.fit { step in
            console.note("meshgrad fit: \(String(format: "%6.2f dB", step.psnr))  \(step.stage)\n")
        }
        let seconds = start.secondsElapsed
        console.note(
            "meshgrad fit: \(grid.0)x\(grid.1) fitted in \(String(format: "%.2f", seconds)) s "
                + "(\(target.width)×\(target.height) working copy of \(photo.width)×\(photo.height))\n")
        if arguments.flag("--baseline") {
            let baseline = PaletteBaseline.mesh(for: target, width: grid.0, height: grid.1)
            let value = psnr(meanSquaredError: fitter.error(of: baseline))
            console.err.write(
                "meshgrad fit: \(String(format: "%6.2f dB", value))  baseline: k-means palette on the grid\n")
        }
        let document = GradientDocument(mesh: mesh, size: CanvasSize(width: photo.width, height: photo.height))
        if let output {
            try AtomicFile.write(Data(document.jsonText().utf8), to: URL(fileURLWithPath: output))
        } else {
            console.out.write(document.jsonText())
        }
    }
}
