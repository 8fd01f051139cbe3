import Foundation
import MeshGradCore
import MeshGradDocument
import MeshGradEditor

/// Unsaved work kept beside the document (`NAME.json.recovery`), written
/// every few seconds while there are unsaved edits, so that a crash, a
/// kill or a power cut loses at most those seconds. Removed when the work
/// is saved or the user discards it; offered when the preview next opens
/// the document. A preset's is kept in the state folder instead.
struct RecoveryFile {
    let path: String
    /// How often it is written while the document is dirty.
    static let interval = 3.0

    init(documentPath: String) {
        path = documentPath + ".recovery"
    }

    /// A preset's (it has no file to sit beside): `recovery/NAME.json` in
    /// the `StateFolder`; nil without one.
    init?(preset name: String, folder: String? = StateFolder.path()) {
        guard let folder else { return nil }
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(100))
        path = (folder as NSString).appendingPathComponent("recovery/\(safe).json")
    }

    private var lastWritten: GradientDocument?

    /// Writes `document` (atomically) unless it is what was last written.
    mutating func write(_ document: GradientDocument) throws {
        guard document != lastWritten else { return }
        try FileManager.default.createDirectory(atPath: PathText.folder(of: path), withIntermediateDirectories: true)
        try AtomicFile.write(Data(document.jsonText().utf8), to: URL(fileURLWithPath: path))
        lastWritten = document
    }

    /// What a previous session left, with when it was written; nil when
    /// there is none or it cannot be read.
    func read() -> (GradientDocument, Date)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let document = try? GradientDocument.load(path: path)
        else { return nil }
        return (document, attributes[.modificationDate] as? Date ?? .distantPast)
    }

    mutating func remove() {
        try? FileManager.default.removeItem(atPath: path)
        lastWritten = nil
    }
}
