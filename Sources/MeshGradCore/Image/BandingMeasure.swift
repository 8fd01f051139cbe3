/// How visible quantization steps are: the 8-bit image's error against the
/// exact value, averaged over each `block × block` square, and the RMS of
/// those averages, in units of one 8-bit step (1/255).
///
/// Averaging over a block is roughly what the eye does at a distance:
/// dithering noise averages away (ideal triangular noise of ±1 step leaves
/// about 0.03 over 16 × 16 pixels), while the coherent error of plain
/// rounding, the same over a whole band of a smooth gradient, does not
/// (about 0.25, up to 0.5). Color channels only; partial blocks at the
/// right and bottom edges are left out.
public func bandingFigure(_ quantized: RGBAImage<UInt8>, exact: RGBAImage<Float>, block: Int = 16) -> Double {
    precondition(quantized.width == exact.width && quantized.height == exact.height && block > 0)
    let columns = quantized.width / block
    let rows = quantized.height / block
    var sumOfSquares = 0.0
    var count = 0
    for by in 0..<rows {
        for bx in 0..<columns {
            for c in 0..<3 {
                var sum = 0.0
                for y in by * block..<(by + 1) * block {
                    for x in bx * block..<(bx + 1) * block {
                        let i = (y * quantized.width + x) * 4 + c
                        sum += Double(quantized.components[i]) - Double(exact.components[i]) * 255
                    }
                }
                let mean = sum / Double(block * block)
                sumOfSquares += mean * mean
                count += 1
            }
        }
    }
    return count == 0 ? 0 : (sumOfSquares / Double(count)).squareRoot()
}
