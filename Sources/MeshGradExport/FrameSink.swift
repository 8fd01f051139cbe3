import Foundation
import MeshGradCore

/// Where the frames of an export go, in order. Nothing appears under the
/// final name until `finish()`; `abandon()` removes whatever was written.
public protocol FrameSink: AnyObject {
    func write(_ frame: RGBAImage<UInt8>) throws
    func finish() throws
    func abandon()
}

/// The kinds of output `meshgrad animate` writes, chosen by the name.
public enum ExportFormat: String, Sendable, CaseIterable {
    case mp4
    case webm
    case gif
    /// A folder of numbered PNG files.
    case pngSequence

    /// `.mp4`, `.webm`, `.gif` by extension; anything else is a folder.
    public init(outputPath: String) {
        switch (outputPath as NSString).pathExtension.lowercased() {
        case "mp4": self = .mp4
        case "webm": self = .webm
        case "gif": self = .gif
        default: self = .pngSequence
        }
    }

    /// Whether the format can carry transparency.
    public var keepsAlpha: Bool {
        switch self {
        case .webm, .pngSequence: true
        case .gif: true  // one level: fully transparent or not
        case .mp4: false
        }
    }
}
