import Foundation
import MeshGradCore
import MeshGradPNG
import MeshGradTestSupport
import Testing

@testable import MeshGradCLI

/// `render --gamut`: what each output says it is, the default (the
/// narrowest gamut holding the document), and the refusals. Documents
/// written here.
extension CLITests {
    static let p3Document = """
        {"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]],
         "colors": ["color(display-p3 1 0.2 0.1)", "color(display-p3 0.1 0.9 0.3)", "#1E3A8A", "oklch(0.8 0.1 90)"]}
        """

    /// The PNG's chunks: type → data, in order.
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            result.append(
                (
                    String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self),
                    Array(bytes[offset + 8..<offset + 8 + length])
                ))
            offset += 12 + length
        }
        return result
    }

    func renderGamut(_ document: String, _ extra: [String], name: String) throws -> (Result, [UInt8]) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("doc.json")
        try Data(document.utf8).write(to: source)
        let out = dir.appendingPathComponent(name).path
        let result = run(["render", source.path, "--size", "64x48", "-o", out] + extra)
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: out))).map(Array.init) ?? []
        return (result, bytes)
    }

    @Test(arguments: [
        ([String](), "cICP", [UInt8]([12, 13, 0, 1])),
        (["--gamut", "rec2020"], "cICP", [9, 1, 0, 1]),
        (["--gamut", "display-p3", "--depth", "16"], "cICP", [12, 13, 0, 1]),
        (["--gamut", "srgb"], "sRGB", [0]),
    ])
    func eachGamutIsTaggedAndDecodes(extra: [String], chunk: String, data: [UInt8]) throws {
        let (result, bytes) = try renderGamut(Self.p3Document, extra, name: "w.png")
        #expect(result.status == 0, "\(result.err)")
        let chunks = Self.chunks(bytes)
        #expect(chunks.first { $0.type == chunk }?.data == data, "\(extra): \(chunks.map(\.type))")
        #expect(chunks.contains { $0.type == "iCCP" } == (chunk == "cICP"), "an ICC profile beside cICP")
        #expect(!(chunks.contains { $0.type == "sRGB" } && chunk == "cICP"), "no sRGB chunk in a wide PNG")
        let png = try PNGDecoder.decode(bytes)
        #expect(png.width == 64 && png.height == 48)
    }

    @Test func anSRGBDocumentStaysSRGB() throws {
        let (result, bytes) = try renderGamut(
            ##"{"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]], "colors": ["#FF0000", "#00FF00", "#0000FF", "#FFFFFF"]}"##,
            [], name: "w.png")
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.chunks(bytes).map(\.type).prefix(4) == ["IHDR", "gAMA", "sRGB", "cHRM"])
    }

    /// The sRGB output of a Display P3 document: mapped, each pixel inside
    /// sRGB, and not what clipping gives.
    @Test func aNarrowerOutputIsMappedNotClipped() throws {
        let green =
            #"{"width": 2, "height": 2, "points": [[0, 0], [1, 0], [0, 1], [1, 1]], "colors": ["color(display-p3 0 1 0)", "color(display-p3 0 1 0)", "color(display-p3 0 1 0)", "color(display-p3 0 1 0)"]}"#
        let (result, bytes) = try renderGamut(green, ["--gamut", "srgb", "--depth", "16"], name: "g.png")
        #expect(result.status == 0, "\(result.err)")
        guard case .rgba16(let image, _) = try PNGDecoder.decode(bytes) else {
            Issue.record("not a 16-bit PNG")
            return
        }
        let pixel = image[10, 10]
        // Clipping gives (0, 1, 0); CSS Color 4's mapping keeps the
        // lightness, so some blue comes in.
        #expect(pixel[0] == 0 && pixel[1] > 64000 && pixel[2] > 8000, "\(pixel)")
    }

    @Test(arguments: [
        (["--gamut", "p3"], "--gamut \"p3\" is not valid; expected srgb, display-p3 or rec2020"),
        (["--gamut", "display-p3", "--preset", "se-wallpaper"], "a scene is drawn in sRGB"),
    ])
    func refusals(extra: [String], message: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.png").path
        let source = extra.contains("--preset") ? [] : ["--preset", "onboarding"]
        let result = run(["render"] + source + extra + ["--size", "32x32", "-o", out])
        #expect(result.status != 0)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// JPEG and WebP of a Display P3 document: in Display P3 with the ICC
    /// profile embedded (APP2 ICC_PROFILE, an ICCP chunk), read back by
    /// ImageMagick as that profile; in sRGB without one when asked.
    @Test(arguments: ["jpg", "webp"])
    func lossyOutputsCarryTheProfile(format: String) throws {
        let (result, bytes) = try renderGamut(Self.p3Document, [], name: "w.\(format)")
        #expect(result.status == 0, "\(result.err)")
        let marker = format == "jpg" ? Array("ICC_PROFILE".utf8) : Array("ICCP".utf8)
        #expect(bytes.firstRange(of: marker) != nil, "the profile is in the file")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("w.\(format)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let identify = try ChildProcess.run("/usr/bin/identify", ["-format", "%[profile:icc]", path])
        #expect(identify.status == 0 && identify.out.contains("Display P3"), "\(identify.out) \(identify.err)")
        let (srgb, srgbBytes) = try renderGamut(Self.p3Document, ["--gamut", "srgb"], name: "s.\(format)")
        #expect(srgb.status == 0 && srgbBytes.firstRange(of: marker) == nil, "\(srgb.err)")
    }

    @Test func pdfOfAWideDocumentIsRefused() throws {
        let (pdf, _) = try renderGamut(Self.p3Document, [], name: "w.pdf")
        #expect(pdf.status != 0 && pdf.err.contains("written in sRGB"), "\(pdf.err)")
    }
}

/// `-o OUT.avif`: 10 or 12 bits with the gamut's (or HDR curve's) nclx
/// tags, checked by libavif's own avifdec.
extension CLITests {
    func avifInfo(_ path: String) throws -> String {
        let info = try ChildProcess.run("/usr/bin/avifdec", ["--info", path])
        #expect(info.status == 0, "\(info.err)")
        return info.out
    }

    @Test(arguments: [
        ([String](), "Bit Depth      : 10", "Color Primaries: 12", "Transfer Char. : 13"),
        (["--depth", "12", "--gamut", "rec2020"], "Bit Depth      : 12", "Color Primaries: 9", "Transfer Char. : 1"),
        (["--hdr", "pq"], "Bit Depth      : 10", "Color Primaries: 9", "Transfer Char. : 16"),
        (
            ["--hdr", "hlg", "--gamut", "display-p3"], "Bit Depth      : 10", "Color Primaries: 12",
            "Transfer Char. : 18"
        ),
    ])
    func avifCarriesItsColorDescription(extra: [String], depth: String, primaries: String, transfer: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("doc.json")
        try Data(Self.p3Document.utf8).write(to: source)
        let out = dir.appendingPathComponent("w.avif").path
        let result = run(["render", source.path, "--size", "64x48", "-o", out] + extra)
        #expect(result.status == 0, "\(result.err)")
        let info = try avifInfo(out)
        for line in [
            depth, primaries, transfer, "Matrix Coeffs. : 0", "Range          : Full", "Format         : YUV444",
        ] {
            #expect(info.contains(line), "\(extra): \(line) in \(info)")
        }
    }

    /// At quality 100 (lossless) an sRGB preset's AVIF decodes to its
    /// 16-bit PNG within the 10-bit rounding.
    @Test func aLosslessAVIFIsThePicture() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let avif = dir.appendingPathComponent("a.avif").path
        let png = dir.appendingPathComponent("a.png").path
        let decoded = dir.appendingPathComponent("d.png").path
        #expect(run(["render", "--preset", "sunset", "--size", "96x64", "--quality", "100", "-o", avif]).status == 0)
        #expect(run(["render", "--preset", "sunset", "--size", "96x64", "--depth", "16", "-o", png]).status == 0)
        #expect(try avifInfo(avif).contains("Color Primaries: 1"))
        let decode = try ChildProcess.run("/usr/bin/avifdec", ["--depth", "16", avif, decoded])
        #expect(decode.status == 0, "\(decode.err)")
        guard case .rgba16(let a, _) = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: decoded)))),
            case .rgba16(let b, _) = try PNGDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: png))))
        else {
            Issue.record("not 16-bit PNGs")
            return
        }
        let largest = zip(a.components, b.components).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 65535 / 1023, "largest difference \(largest)/65535")
    }

    /// libavif and its codecs are opened by the first AVIF, not at
    /// start-up: a PNG render loads none of them (ld.so's own account,
    /// `LD_DEBUG=files`), an AVIF render does.
    @Test func libavifIsOpenedOnlyForAnAVIF() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func loadedLibraries(_ output: String) throws -> String {
            let run = try ChildProcess.run(
                Self.binary.path,
                ["render", "--preset", "sunset", "--size", "32x24", "-o", dir.appendingPathComponent(output).path],
                environment: ["LD_DEBUG": "files"])
            #expect(run.status == 0, "\(run.err.suffix(400))")
            return run.err
        }
        let png = try loadedLibraries("w.png")
        #expect(png.contains("file=libpng16"), "ld.so's account is read")
        #expect(!png.contains("file=libavif"))
        #expect(!png.contains("file=libaom"))
        let avif = try loadedLibraries("w.avif")
        #expect(avif.contains("file=libavif"))
        #expect(try avifInfo(dir.appendingPathComponent("w.avif").path).contains("Bit Depth      : 10"))
    }

    @Test(arguments: [
        (["-o", "x.avif", "--depth", "8"], "--depth \"8\" is not valid for an AVIF; expected 10 or 12"),
        (["-o", "x.png", "--depth", "10"], "--depth \"10\" is not valid for a PNG; expected 8 or 16"),
        (["-o", "x.jpg", "--hdr", "pq"], "JPEG and WebP are SDR"),
        (["-o", "x.png", "--hdr", "hdr10"], "--hdr \"hdr10\" is not valid; expected pq or hlg"),
    ])
    func formatRefusals(extra: [String], message: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = run(
            ["render", "--preset", "onboarding", "--size", "32x32"]
                + extra.map { $0.hasPrefix("x.") ? dir.appendingPathComponent($0).path : $0 })
        #expect(result.status != 0)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
    }
}

/// `animate --gamut` and `--hdr`: the stream's tags, and what cannot be.
extension CLITests {
    func videoTags(_ path: String) throws -> String {
        let probe = try ChildProcess.run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-select_streams", "v", "-show_entries",
                "stream=codec_name,pix_fmt,color_space,color_transfer,color_primaries", "-of", "compact", path,
            ])
        #expect(probe.status == 0, "\(probe.err)")
        return probe.out
    }

    @Test(arguments: [
        (
            [String](), "w.mp4",
            "codec_name=h264|pix_fmt=yuv420p|color_space=bt709|color_transfer=bt709|color_primaries=smpte432"
        ),
        (
            ["--gamut", "rec2020"], "w.mp4",
            "codec_name=h264|pix_fmt=yuv420p|color_space=bt2020nc|color_transfer=bt709|color_primaries=bt2020"
        ),
        (
            ["--hdr", "pq"], "w.mp4",
            "codec_name=hevc|pix_fmt=yuv420p10le|color_space=bt2020nc|color_transfer=smpte2084|color_primaries=bt2020"
        ),
        (
            ["--hdr", "hlg"], "w.mov",
            "codec_name=hevc|pix_fmt=yuv420p10le|color_space=bt2020nc|color_transfer=arib-std-b67|color_primaries=bt2020"
        ),
    ])
    func videoIsTaggedWithItsColors(extra: [String], name: String, tags: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("doc.json")
        try Data(Self.p3Document.utf8).write(to: source)
        let out = dir.appendingPathComponent(name).path
        let result = run(
            ["animate", source.path, "--size", "64x48", "--duration", "0.25", "--fps", "4", "-o", out] + extra)
        #expect(result.status == 0, "\(result.err)")
        #expect(try videoTags(out).contains(tags), "\(extra)")
    }

    @Test(arguments: [
        (["--hdr", "pq", "-o", "x.gif"], "GIF, WebP, APNG and PNG frames are written in sRGB"),
        (["--hdr", "pq", "--codec", "h264", "-o", "x.mp4"], "HDR video is HEVC or AV1 at 10 bits"),
        (["--gamut", "display-p3", "--preset", "se-wallpaper", "-o", "x.mp4"], "a scene is drawn in sRGB"),
    ])
    func videoColorRefusals(extra: [String], message: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("doc.json")
        try Data(Self.p3Document.utf8).write(to: source)
        let input = extra.contains("--preset") ? [] : [source.path]
        let arguments = extra.map { $0.hasPrefix("x.") ? dir.appendingPathComponent($0).path : $0 }
        let result = run(["animate"] + input + ["--size", "64x48", "--duration", "0.25", "--fps", "4"] + arguments)
        #expect(result.status != 0)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.mp4").path))
    }

    /// A GIF of a Display P3 mesh: its colors mapped into sRGB, not clipped.
    @Test func aGIFOfAWideMeshIsMappedIntoSRGB() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("doc.json")
        try Data(Self.p3Document.utf8).write(to: source)
        let out = dir.appendingPathComponent("w.gif").path
        let result = run(["animate", source.path, "--size", "64x48", "--duration", "0.25", "--fps", "4", "-o", out])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("clipped"), "\(result.err)")
    }
}

extension CLITests {
    /// Grain on a mesh beyond sRGB is added to the finished colors, as on
    /// an sRGB one: the picture changes by noise, not on average.
    @Test func aWideDocumentKeepsItsGrain() throws {
        let grainy = Self.p3Document.replacingOccurrences(of: "\n {\"width\"", with: "{\"width\"")
            .replacingOccurrences(of: "{\"width\": 2,", with: "{\"grain\": {\"amount\": 0.08}, \"width\": 2,")
        #expect(grainy.contains("\"grain\""))
        let (plain, plainBytes) = try renderGamut(Self.p3Document, ["--no-dither"], name: "p.png")
        let (grained, grainedBytes) = try renderGamut(grainy, ["--no-dither"], name: "g.png")
        #expect(plain.status == 0 && grained.status == 0, "\(plain.err) \(grained.err)")
        let a = try PNGDecoder.decode(plainBytes).image8.components
        let b = try PNGDecoder.decode(grainedBytes).image8.components
        let differing = zip(a, b).filter { $0 != $1 }.count
        let meanShift = zip(a, b).map { Double($0) - Double($1) }.reduce(0, +) / Double(a.count)
        #expect(differing > a.count / 4, "grain drawn: \(differing) of \(a.count) components differ")
        #expect(abs(meanShift) < 1.5, "no shift on average: \(meanShift)")
    }
}
