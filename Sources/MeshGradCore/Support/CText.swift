/// Text that C code wrote into a buffer of `CChar`s.
extension String {
    /// The bytes before the first NUL (all of them if there is none), as
    /// UTF-8, invalid sequences repaired.
    public init<Buffer: Collection>(nulTerminated buffer: Buffer) where Buffer.Element == CChar {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a C call that reports failure in an error buffer said: `call`
    /// gets the buffer and its size and returns 0 on success (then nil).
    public static func failureReason(of call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let status = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        return status == 0 ? nil : String(nulTerminated: buffer)
    }
}
