import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradGL
import MeshGradPNG
import MeshGradPipeline

/// `meshgrad compare`: the GPU renderer held against the CPU reference.
struct CompareCommand: Command {
    static let name = "compare"
    static let summary = "Render on the GPU and the CPU and measure the difference"
    static let usage = ["SPEC.json|-|--preset NAME"]
    static let discussion = """
        Renders the gradient or scene (at its poster time) with the OpenGL renderers and with
        the CPU ones, as 8-bit output, and prints one line: the largest, mean and 99.9th-percentile
        difference (0-255 scale, the largest over a pixel's four components), the PSNR, and the
        share of pixels that differ by more than 1 (--json: the same as one JSON object).

        Exits with status 1 when the difference is beyond tolerance: more than 2 anywhere
        except within a pixel of an anti-aliased mesh border, or fewer than 99.9 % of pixels
        within 1.
        """
    static let arguments = [SourceOptions.argument]
    static let options: [Option] = [
        SourceOptions.preset,
        .value(
            "--size", "SIZE", "WIDTHxHEIGHT or a name (default: the document's, else 1920x1080).", complete: .sizes),
        .value(
            "--diff", "DIFF.png",
            "Also write the differences as an image: grey ×64, red beyond tolerance, the anti-aliased border band tinted blue.",
            complete: .files(["png"])),
        .flag("--no-dither", "Compare rounded instead of dithered output."),
        .flag("--no-antialias", "Hard mesh borders on both sides."),
        .flag("--json", "Print the measurements as one JSON object."),
    ]

    static func run(_ arguments: Arguments, console: Console) throws {
        let diffPath = try arguments.value("--diff")
        if let diffPath, !diffPath.lowercased().hasSuffix(".png") {
            throw UsageError(command: name, message: "--diff \"\(diffPath)\" does not end in .png")
        }
        let sizeText = try arguments.value("--size")
        let source = try Source(arguments)
        let size = try resolveSize(sizeText, document: source.document, command: name)
        try validateForRendering(source)

        let frame = try FramePlan(
            source.document, label: source.label, width: size.width, height: size.height,
            time: source.document.poster, antialiasing: !arguments.flag("--no-antialias"))
        let comparison = try ImageComparison.gpuAgainstCPU(frame, dithers: !arguments.flag("--no-dither"))
        if let diffPath {
            try OutputPath.makeParent(of: diffPath)
            try AtomicFile.write(PNGEncoder().encode(comparison.diffImage()), to: URL(fileURLWithPath: diffPath))
        }
        if arguments.flag("--json") {
            console.out.write(JSONText.line(comparison.json))
        } else {
            console.out.write(comparison.summary + "\n")
        }
        guard comparison.isWithinTolerance else {
            throw CommandError(
                "beyond tolerance: at most \(ImageComparison.maximumAllowed) away from borders and 99.9 % within 1 expected"
            )
        }
    }
}

extension ImageComparison {
    /// `compare --json`: the measurements, and the verdict.
    var json: [String: Any] {
        [
            "width": width, "height": height, "maximum": maximum, "maximumAwayFromBorder": maximumAwayFromBorder,
            "mean": mean, "percentile999": percentile999, "psnr": psnr.isFinite ? psnr : NSNull(),
            "shareAboveOne": shareAboveOne, "withinTolerance": isWithinTolerance,
        ]
    }
}
