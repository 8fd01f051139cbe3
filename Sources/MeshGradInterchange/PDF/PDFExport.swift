import MeshGradCore

/// `meshgrad render … -o out.pdf`: a mesh as vector PDF, one type 7
/// (tensor-product patch) shading whose patches are pieces of the mesh's
/// patches, cut until PDF's bilinear color is within 1/255 of the smooth
/// color (``PatchPieces``). Geometry is exact: a piece of a bicubic patch
/// is a bicubic patch. Translucent colors become a soft mask drawn from a
/// second, gray shading of the alpha; a translucent background, a fill at
/// that opacity. The page is `width × height` points (one pixel a point).
public enum PDFExport {
    public static func mesh(_ mesh: MeshGradient, width: Int, height: Int) -> [UInt8] {
        let nets = PatchNets(mesh)
        let pieces = PatchPieces(nets).pieces
        var file = PDFFile()
        let bounds = coordinateBounds(pieces)
        let color = file.addStream(
            shadingDictionary(space: "/DeviceRGB", bounds: bounds, components: 3),
            shadingData(pieces, bounds: bounds, alpha: false))
        let translucent = pieces.contains { $0.corners.contains { $0.w < 1 } }
        var extGStates: [String] = []
        let toPage = "\(width) 0 0 -\(height) 0 \(height)"
        var content = "q\n"
        let background = mesh.background
        if background.alpha > 0 {
            if background.alpha < 1 {
                extGStates.append("/GSb << /ca \(pdfNumber(min(background.alpha, 1))) >>")
                content += "/GSb gs\n"
            }
            let rgb = [background.red, background.green, background.blue].map { pdfNumber(min(max($0, 0), 1)) }
            content += "\(rgb.joined(separator: " ")) rg 0 0 \(width) \(height) re f\n"
        }
        if translucent {
            let alpha = file.addStream(
                shadingDictionary(space: "/DeviceGray", bounds: bounds, components: 1),
                shadingData(pieces, bounds: bounds, alpha: true))
            // The mask's form is in page space, the unit square mapped in
            // its own content: Cairo (pdftocairo) honors that; Poppler's
            // Splash (pdftoppm) ignores soft masks on shadings altogether.
            let form = file.addStream(
                "/Type /XObject /Subtype /Form /BBox [0 0 \(width) \(height)] /Group << /S /Transparency /CS /DeviceGray >> /Resources << /Shading << /Sha \(alpha) 0 R >> >>",
                Array("\(toPage) cm /Sha sh\n".utf8))
            extGStates.append("/GSm << /SMask << /Type /Mask /S /Luminosity /G \(form) 0 R >> /ca 1 >>")
            content += "/GSm gs\n"
        }
        content += "\(toPage) cm\n/Sh0 sh\nQ\n"
        let contents = file.addStream("", Array(content.utf8))
        let states = extGStates.isEmpty ? "" : "/ExtGState << \(extGStates.joined(separator: " ")) >>"
        return page(
            &file, width: width, height: height, contents: contents,
            resources: "/Shading << /Sh0 \(color) 0 R >> \(states)")
    }

    /// An image as a one-page PDF, for what PDF shadings cannot say (a
    /// scene's blurred shadows and text masks): RGB with a soft mask for
    /// its alpha, one pixel a point.
    public static func image(_ image: RGBAImage<UInt8>) -> [UInt8] {
        var file = PDFFile()
        var rgb: [UInt8] = []
        var alpha: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        alpha.reserveCapacity(image.width * image.height)
        var opaque = true
        for p in 0..<(image.width * image.height) {
            rgb += image.components[p * 4..<p * 4 + 3]
            alpha.append(image.components[p * 4 + 3])
            opaque = opaque && alpha.last == 255
        }
        let size = "/Width \(image.width) /Height \(image.height) /BitsPerComponent 8"
        var mask = ""
        if !opaque {
            let soft = file.addStream("/Type /XObject /Subtype /Image \(size) /ColorSpace /DeviceGray", alpha)
            mask = " /SMask \(soft) 0 R"
        }
        let picture = file.addStream("/Type /XObject /Subtype /Image \(size) /ColorSpace /DeviceRGB\(mask)", rgb)
        let contents = file.addStream("", Array("q \(image.width) 0 0 \(image.height) 0 0 cm /Im0 Do Q\n".utf8))
        return page(
            &file, width: image.width, height: image.height, contents: contents,
            resources: "/XObject << /Im0 \(picture) 0 R >>")
    }

    private static func page(
        _ file: inout PDFFile, width: Int, height: Int, contents: Int, resources: String
    ) -> [UInt8] {
        let pages = file.reserve()
        let page = file.add(
            "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 \(width) \(height)] /Contents \(contents) 0 R /Resources << \(resources) >> >>"
        )
        file.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        let catalog = file.add("<< /Type /Catalog /Pages \(pages) 0 R >>")
        return file.bytes(root: catalog)
    }

    private static func coordinateBounds(_ pieces: [PatchPiece]) -> (SIMD2<Double>, SIMD2<Double>) {
        var low = SIMD2<Double>(0, 0)
        var high = SIMD2<Double>(1, 1)
        for piece in pieces {
            for p in piece.geometry.points {
                low = pointwiseMin(low, p)
                high = pointwiseMax(high, p)
            }
        }
        return (low, high)
    }

    private static func shadingDictionary(
        space: String, bounds: (SIMD2<Double>, SIMD2<Double>), components: Int
    ) -> String {
        let decode =
            [bounds.0.x, bounds.1.x, bounds.0.y, bounds.1.y].map(pdfNumber)
            + Array(repeating: ["0", "1"], count: components).flatMap { $0 }
        return
            "/ShadingType 7 /ColorSpace \(space) /BitsPerCoordinate 32 /BitsPerComponent 16 /BitsPerFlag 8 /AntiAlias true /Decode [\(decode.joined(separator: " "))]"
    }

    /// PDF's order of a tensor patch's points: p00 p01 p02 p03 p13 p23 p33
    /// p32 p31 p30 p20 p10 p11 p12 p22 p21 (pᵢⱼ: i along u, j along v).
    static let pointOrder: [(Int, Int)] = [
        (0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (3, 0), (2, 0), (1, 0), (1, 1), (1, 2),
        (2, 2), (2, 1),
    ]

    private static func shadingData(
        _ pieces: [PatchPiece], bounds: (SIMD2<Double>, SIMD2<Double>), alpha: Bool
    ) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(pieces.count * (1 + 16 * 8 + 4 * (alpha ? 2 : 6)))
        func put(_ value: UInt32, bytes: Int) {
            for k in stride(from: bytes - 1, through: 0, by: -1) {
                data.append(UInt8(truncatingIfNeeded: value >> (8 * k)))
            }
        }
        func coordinate(_ x: Double, _ low: Double, _ high: Double) -> UInt32 {
            UInt32((min(max((x - low) / (high - low), 0), 1) * 4_294_967_295).rounded())
        }
        func component(_ c: Double) -> UInt32 { UInt32((min(max(c, 0), 1) * 65535).rounded()) }
        for piece in pieces {
            data.append(0)
            for (i, j) in pointOrder {
                let p = piece.geometry[i, j]
                put(coordinate(p.x, bounds.0.x, bounds.1.x), bytes: 4)
                put(coordinate(p.y, bounds.0.y, bounds.1.y), bytes: 4)
            }
            // c00, c03, c33, c30: corners (u, v) = (0, 0), (0, 1), (1, 1), (1, 0).
            for corner in [piece.corners[0], piece.corners[2], piece.corners[3], piece.corners[1]] {
                if alpha {
                    put(component(corner.w), bytes: 2)
                } else {
                    for c in [corner.x, corner.y, corner.z] { put(component(c), bytes: 2) }
                }
            }
        }
        return data
    }
}
