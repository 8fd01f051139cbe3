import CPNG

/// The PNG could not be encoded or decoded; `message` says why (libpng's
/// or zlib's reason, or a mistake in what was handed to the encoder).
public struct PNGError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}

extension mg_png_error {
    var text: String {
        withUnsafeBytes(of: message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
