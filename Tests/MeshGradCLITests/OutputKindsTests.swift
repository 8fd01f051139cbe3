import Foundation
import MeshGradCore
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI

/// What each writing command does with what is already at its output path
/// (Docs/outputs.md): a file or nothing is replaced atomically,
/// a link's target is replaced and the link kept, a FIFO, a device or
/// `/dev/stdout` receives the bytes, a folder is refused; every write to
/// standard output is checked, and a closed stream is refused in one line.
/// They run the real binary from a shell, which makes the FIFOs and closes
/// the streams.
@Suite(.serialized) struct OutputKindsTests {
    /// Runs `script` in bash in `folder`, with `$M` the meshgrad binary.
    static func sh(_ script: String, in folder: URL) throws -> ChildProcess {
        try ChildProcess.shell(script, environment: ["M": CLITests.binary.path], in: folder)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshgrad-outputs-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A writing command, as the shell line that writes to `$OUT`, the
    /// extension that picks its format, and how its bytes begin.
    struct Writer: CustomTestStringConvertible {
        var name: String
        var command: String
        var ext: String
        var testDescription: String { name }

        func output(_ stem: String) -> String { stem + "." + ext }
        func line(out: String) -> String { "OUT='\(out)'; " + command }

        /// Whether `bytes` begin as this writer's format does.
        func looksWritten(_ bytes: Data) -> Bool {
            let start = Array(bytes.prefix(8))
            switch ext {
            case "png": return start.starts(with: [0x89, 0x50, 0x4E, 0x47])
            case "jpg": return start.starts(with: [0xFF, 0xD8, 0xFF])
            case "pdf": return start.starts(with: Array("%PDF".utf8))
            case "mp4": return start.count == 8 && Array(start[4...]) == Array("ftyp".utf8)
            default: return start.first == UInt8(ascii: "{")
            }
        }
    }

    static let writers: [Writer] = [
        Writer(name: "render png", command: #"$M render --preset aurora --size 48x32 -o "$OUT""#, ext: "png"),
        Writer(name: "render jpg", command: #"$M render --preset aurora --size 48x32 -o "$OUT""#, ext: "jpg"),
        Writer(name: "render pdf", command: #"$M render --preset aurora --size 48x32 -o "$OUT""#, ext: "pdf"),
        Writer(
            name: "animate mp4", command: #"$M animate --preset aurora --size 64x64 --duration 0.2 -q --format mp4 -o "$OUT""#,
            ext: "mp4"),
        Writer(name: "random", command: #"$M random --seed 7 -o "$OUT""#, ext: "json"),
        Writer(name: "fit", command: #"$M fit photo.png -q -o "$OUT""#, ext: "json"),
    ]

    static func prepare(_ dir: URL) throws {
        let made = try sh("$M render --preset sunset --size 40x30 -o photo.png", in: dir)
        #expect(made.status == 0, "\(made.err)")
    }

    static func contents(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// Nothing there, then a file there: written, then replaced by a new
    /// inode (the rename), never truncated in place.
    @Test(arguments: writers) func aFileOrNothingIsReplacedAtomically(_ writer: Writer) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        let name = writer.output("out")
        let path = dir.appendingPathComponent(name).path
        let first = try Self.sh(writer.line(out: name), in: dir)
        #expect(first.status == 0, "\(first.err)")
        #expect(writer.looksWritten(Self.contents(path)))
        var before = stat()
        lstat(path, &before)
        let second = try Self.sh(writer.line(out: name), in: dir)
        #expect(second.status == 0, "\(second.err)")
        var after = stat()
        lstat(path, &after)
        #expect(before.st_ino != after.st_ino, "replaced by a rename, not rewritten in place")
        #expect(Self.fileType(path) == S_IFREG)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [name, "photo.png"].sorted())
    }

    /// A link: its target is replaced, the link stays a link.
    @Test(arguments: writers) func aLinkKeepsItsPlaceAndItsTargetIsReplaced(_ writer: Writer) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        let name = writer.output("link")
        let targetName = writer.output("target")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("real"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: dir.appendingPathComponent("real/" + targetName))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent(name).path, withDestinationPath: "real/" + targetName)
        let result = try Self.sh(writer.line(out: name), in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.fileType(dir.appendingPathComponent(name).path) == S_IFLNK)
        let written = FileManager.default.contents(atPath: dir.appendingPathComponent("real/" + targetName).path)
        #expect((written?.count ?? 0) > 3, "the target holds the new output")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("real").path) == [targetName])
    }

    /// A FIFO: its reader gets the whole output; it stays a FIFO.
    @Test(arguments: writers) func aFIFOReceivesTheBytes(_ writer: Writer) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        let name = writer.output("fifo")
        let result = try Self.sh(
            "mkfifo '\(name)'; cat '\(name)' > received & reader=$!; " + writer.line(out: name)
                + "; status=$?; wait $reader; exit $status", in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.fileType(dir.appendingPathComponent(name).path) == S_IFIFO)
        let received = dir.appendingPathComponent("received").path
        #expect(writer.looksWritten(Self.contents(received)))
    }

    /// `/dev/null` takes the bytes and stays the device; `/dev/full` says
    /// why in one line and stays the device too.
    @Test(arguments: writers) func aDeviceIsWrittenNeverReplaced(_ writer: Writer) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        let null = try Self.sh(writer.line(out: "/dev/null"), in: dir)
        #expect(null.status == 0, "\(null.err)")
        let full = try Self.sh(writer.line(out: "/dev/full"), in: dir)
        #expect(full.status == 1)
        #expect(full.err.contains("No space left on device"), "\(full.err)")
        #expect(full.err.split(separator: "\n").count == 1, "\(full.err)")
        for device in ["/dev/null", "/dev/full"] { #expect(Self.fileType(device) == S_IFCHR) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["photo.png"])
    }

    /// A file that would grow past the size limit (`ulimit -f`, in KiB):
    /// one line naming the cause, the file already there untouched and no
    /// temporary file left (the limit's signal would kill the run where
    /// it stands).
    @Test(arguments: ["png", "jpg", "pdf", "webp"])
    func aFilePastTheSizeLimitIsRefusedAndNothingIsLeft(_ ext: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out." + ext).path
        try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
        let result = try Self.sh("ulimit -f 1; $M render --preset aurora --size 256x256 -o out.\(ext)", in: dir)
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("File too large"), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
        #expect(Self.contents(path) == Data("kept".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out." + ext])
    }

    /// `/dev/stdout`: the bytes come out on standard output (a PNG from
    /// `render`, since the name says no format).
    @Test(arguments: writers) func devStdoutIsStandardOutput(_ writer: Writer) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        let result = try Self.sh(writer.line(out: "/dev/stdout") + " > piped", in: dir)
        #expect(result.status == 0, "\(result.err)")
        let piped = dir.appendingPathComponent("piped").path
        let format = writer.name.hasPrefix("render") ? Writer(name: "png", command: "", ext: "png") : writer
        #expect(format.looksWritten(Self.contents(piped)))
    }

    /// A folder at the path: one line, the folder and its contents kept.
    @Test(arguments: writers) func aFolderIsRefused(_ writer: Writer) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        let name = writer.output("folder")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: dir.appendingPathComponent(name + "/keep.txt"))
        let result = try Self.sh(writer.line(out: name), in: dir)
        #expect(result.status != 0)
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
        #expect(result.err.contains("folder"), "\(result.err)")
        #expect(FileManager.default.contents(atPath: dir.appendingPathComponent(name + "/keep.txt").path) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [name, "photo.png"].sorted())
    }

    /// Two renders in two PID namespaces (two containers, or two machines
    /// on one shared folder) writing into the same folder at once: the
    /// second starts while the first's temporary is there, and must leave
    /// it alone although no process of that number runs where it looks.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func twoPIDNamespacesShareAFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // In its namespace the first render is process 3, the second
        // process 2: each sees no process of the other's number.
        let render = "\"$M\" render --preset onboarding --size 3000x3000 --backend cpu -q"
        let result = try Self.sh(
            """
            unshare --pid --fork --mount-proc bash -c '/bin/true; \(render) -o first.png; exit $?' & first=$!
            # The second starts once the first's temporary exists.
            for i in $(seq 3000); do ls -a | grep -q '^\\.meshgrad-' && break; sleep 0.01; done
            ls -a | grep -q '^\\.meshgrad-' || { echo "the first never wrote a temporary" >&2; exit 3; }
            unshare --pid --fork --mount-proc bash -c '\(render) -o second.png; exit $?'; second=$?
            wait $first; first=$?
            echo "$first $second"
            """, in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "0 0\n", "\(result.out) \(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["first.png", "second.png"])
    }

    /// Every command that prints: a full disk and a closed standard output
    /// are one line and status 1, never an empty file and 0.
    @Test func writesToStandardOutputAreChecked() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.prepare(dir)
        try Data("let m = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]], colors: [.red, .blue, .green, .white])\n".utf8)
            .write(to: dir.appendingPathComponent("m.swift"))
        let printers = [
            "$M import m.swift", "$M fit photo.png -q", "$M random --seed 3", "$M code --preset aurora",
            "$M presets", "$M schema", "$M man", "$M render --preset aurora --size 32x32 -o -",
            "$M animate --preset aurora --size 64x64 --duration 0.1 -q -o - --format mp4",
        ]
        for printer in printers {
            let full = try Self.sh(printer + " > /dev/full", in: dir)
            #expect(full.status == 1, "\(printer)")
            #expect(full.err == "meshgrad \(printer.split(separator: " ")[1]): error: write error: standard output: No space left on device\n"
                || full.err.hasSuffix("No space left on device\n"), "\(printer): \(full.err)")
            let closed = try Self.sh(printer + " >&-", in: dir)
            #expect(closed.status == 1, "\(printer)")
            #expect(closed.err.contains("standard output is closed"), "\(printer): \(closed.err)")
            #expect(closed.err.split(separator: "\n").count == 1, "\(printer): \(closed.err)")
        }
    }

    /// Every command that reads `-`: a closed standard input is one line.
    @Test func aClosedStandardInputIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for reader in [
            "$M render - -o x.png", "$M import -", "$M code -", "$M animate - -o x.mp4", "$M compare -",
        ] {
            let result = try Self.sh(reader + " <&-", in: dir)
            #expect(result.status == 1, "\(reader): \(result.err)")
            #expect(result.err.contains("standard input is closed"), "\(reader): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1, "\(reader): \(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
