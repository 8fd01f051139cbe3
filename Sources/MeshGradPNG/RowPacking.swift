/// Turns one row of RGBA components, as images hold them, into PNG sample
/// bytes: alpha dropped for RGB files, 16-bit samples big-endian.
enum RowPacking {
    static func rgba8(_ source: UnsafePointer<UInt8>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>) {
        output.update(from: source, count: width * 4)
    }

    /// Each pixel but the last is moved as one 4-byte store, whose fourth
    /// (alpha) byte the next pixel overwrites: a third of the stores of
    /// three single bytes, which the compiler does not vectorize. On the
    /// encoder's thread, this was the stretch between bands in which only
    /// the renderer ran.
    static func rgb8(_ source: UnsafePointer<UInt8>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>) {
        guard width > 0 else { return }
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(output)
        var x = 0
        while x < width &- 1 {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self), toByteOffset: 3 &* x, as: UInt32.self)
            x &+= 1
        }
        output[3 * x] = source[4 * x]
        output[3 * x + 1] = source[4 * x + 1]
        output[3 * x + 2] = source[4 * x + 2]
    }

    static func rgba16(_ source: UnsafePointer<UInt16>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>) {
        for i in 0..<width * 4 {
            output[2 * i] = UInt8(source[i] >> 8)
            output[2 * i + 1] = UInt8(truncatingIfNeeded: source[i])
        }
    }

    static func rgb16(_ source: UnsafePointer<UInt16>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>) {
        for x in 0..<width {
            for c in 0..<3 {
                let sample = source[4 * x + c]
                output[6 * x + 2 * c] = UInt8(sample >> 8)
                output[6 * x + 2 * c + 1] = UInt8(truncatingIfNeeded: sample)
            }
        }
    }
}
