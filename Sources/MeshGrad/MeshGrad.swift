@_exported import MeshGradCore
@_exported import MeshGradDocument
import MeshGradPNG
@_exported import MeshGradPipeline

/// meshgrad as a library: a document (a value, JSON bytes, or a preset's
/// name), a size and a time in; an image and PNG bytes out. Meshes and
/// scenes alike, drawn by the CPU reference (mesh-math §§1–10) through the
/// same pipeline the `meshgrad` command uses, so the pixels are the CLI's.
///
/// ```swift
/// import MeshGrad
///
/// let document = try MeshGrad.document(preset: "aurora")
/// let image = try MeshGrad.image(of: document, width: 1200, height: 630)
/// let png = try MeshGrad.png(image)
/// ```
///
/// Every function is safe to call from several tasks at once: each call
/// has its own plan and renderer, and the text module serializes FreeType.
public enum MeshGrad {
    /// The document decoded from JSON bytes (Docs/document-format.md).
    public static func document(json bytes: [UInt8]) throws(MeshGradError) -> GradientDocument {
        do {
            return try GradientDocument.decode(bytes)
        } catch {
            throw MeshGradError(.document, "\(error)")
        }
    }

    /// The document decoded from JSON text.
    public static func document(json text: String) throws(MeshGradError) -> GradientDocument {
        try document(json: Array(text.utf8))
    }

    /// The document of the built-in preset `name` (`meshgrad presets`).
    public static func document(preset name: String) throws(MeshGradError) -> GradientDocument {
        guard let preset = Presets.named(name) else {
            let names = Presets.names.joined(separator: ", ")
            throw MeshGradError(.unknownPreset, "unknown preset \"\(name)\"; expected one of \(names)")
        }
        return preset.document
    }

    /// The document drawn on a `width × height` canvas (default: the
    /// document's own size, else 1920×1080) at `time` seconds (default: its
    /// poster time) as 8-bit RGBA, dithered unless `dithers` is false
    /// (mesh-math §8). `label` names the document in error messages.
    public static func image(
        of document: GradientDocument, width: Int? = nil, height: Int? = nil, time: Double? = nil,
        dithers: Bool = true, label: String = "document"
    ) throws(MeshGradError) -> RGBAImage<UInt8> {
        CPUFrameRenderer().render8(
            try frame(document, width: width, height: height, time: time, label: label), dithers: dithers)
    }

    /// As ``image(of:width:height:time:dithers:label:)``, 16 bits a
    /// component (never dithered).
    public static func image16(
        of document: GradientDocument, width: Int? = nil, height: Int? = nil, time: Double? = nil,
        label: String = "document"
    ) throws(MeshGradError) -> RGBAImage<UInt16> {
        CPUFrameRenderer().render16(try frame(document, width: width, height: height, time: time, label: label))
    }

    /// An 8-bit image as PNG bytes (RGB when every pixel is opaque).
    public static func png(_ image: RGBAImage<UInt8>) throws(MeshGradError) -> [UInt8] {
        do {
            return try PNGEncoder().encode(image)
        } catch {
            throw MeshGradError(.encoding, "\(error)")
        }
    }

    /// A 16-bit image as PNG bytes.
    public static func png(_ image: RGBAImage<UInt16>) throws(MeshGradError) -> [UInt8] {
        do {
            return try PNGEncoder().encode(image)
        } catch {
            throw MeshGradError(.encoding, "\(error)")
        }
    }

    /// The frame the CLI would draw: size and time resolved, every mesh
    /// checked, the mesh-or-scene choice left to the pipeline.
    static func frame(
        _ document: GradientDocument, width: Int?, height: Int?, time: Double?, label: String
    ) throws(MeshGradError) -> FramePlan {
        let size = document.size ?? CanvasSize.defaultSize
        let canvas = CanvasSize(width: width ?? size.width, height: height ?? size.height)
        do {
            try canvas.validate()
        } catch {
            throw MeshGradError(.size, "size: \(error)")
        }
        for mesh in document.meshes {
            do {
                try mesh.validate()
            } catch {
                throw MeshGradError(.render, "\(label): \(error)")
            }
        }
        do {
            return try FramePlan(
                document, label: label, width: canvas.width, height: canvas.height, time: time ?? document.poster)
        } catch {
            throw MeshGradError(.render, error.description)
        }
    }
}

/// Why the library could not give an image: one line, the same the
/// `meshgrad` command prints after "error: ".
public struct MeshGradError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The JSON is not a valid document (the line names the key path).
        case document
        /// No built-in preset has the name.
        case unknownPreset
        /// The size is not one a canvas can have.
        case size
        /// The frame cannot be planned or drawn (text that cannot be set, a
        /// scene too large for memory, a mesh that is not valid).
        case render
        /// The PNG encoder failed.
        case encoding
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
