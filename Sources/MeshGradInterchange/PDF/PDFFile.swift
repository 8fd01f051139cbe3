import CZlib
import Foundation

/// A PDF file being assembled: numbered objects, then the cross-reference
/// table and trailer. Hand-written because what is written is small and
/// fixed (one page, shadings, an image) and no PDF library in Debian
/// writes type 7 shadings from data (cairo makes its own from paths).
struct PDFFile {
    private var objects: [[UInt8]] = []

    /// Reserves an object number, to be filled by `set`.
    mutating func reserve() -> Int {
        objects.append([])
        return objects.count
    }

    mutating func set(_ number: Int, _ body: String) {
        objects[number - 1] = Array(body.utf8)
    }

    mutating func add(_ body: String) -> Int {
        let n = reserve()
        set(n, body)
        return n
    }

    /// A stream object, Flate-compressed.
    mutating func addStream(_ dictionary: String, _ data: [UInt8]) -> Int {
        let packed = deflate(data)
        let n = reserve()
        objects[n - 1] =
            Array("<< \(dictionary) /Filter /FlateDecode /Length \(packed.count) >>\nstream\n".utf8) + packed
            + Array("\nendstream".utf8)
        return n
    }

    func bytes(root: Int) -> [UInt8] {
        var out = Array("%PDF-1.7\n%\u{e2}\u{e3}\u{cf}\u{d3}\n".utf8)
        var offsets: [Int] = []
        for (k, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(k + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }
}

/// zlib-format deflate (PDF's FlateDecode).
func deflate(_ data: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(data.count))
    var out = [UInt8](repeating: 0, count: Int(size))
    let status = data.withUnsafeBufferPointer { source in
        out.withUnsafeMutableBufferPointer { target in
            compress2(target.baseAddress, &size, source.baseAddress, uLong(data.count), 6)
        }
    }
    precondition(status == Z_OK, "compress2 failed with \(status)")
    return Array(out.prefix(Int(size)))
}

/// A number as PDF writes it: no exponent, up to 6 decimals.
func pdfNumber(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}
