// Twin of Sources/MeshGradCore/Math/ColorPolynomial.swift.

/**
 * A color net rewritten in the power basis: 16 coefficients [r, g, b, a],
 * the one of uⁱ vʲ at j * 4 + i. The same bicubic (an exact change of
 * basis), evaluated by Horner's rule; the GPU uploads these per patch.
 */
function colorPolynomial(net) {
    // Bernstein to power basis for a cubic: a = M · q.
    const m = [[1, 0, 0, 0], [-3, 3, 0, 0], [3, -6, 3, 0], [-1, 3, -3, 1]];
    const result = new Array(16);
    for (let j = 0; j < 4; j++) {
        for (let i = 0; i < 4; i++) {
            const sum = [0, 0, 0, 0];
            for (let l = 0; l < 4; l++) {
                for (let k = 0; k < 4; k++) {
                    if (m[i][k] === 0 || m[j][l] === 0) continue;
                    const weight = m[i][k] * m[j][l];
                    const q = net[l * 4 + k];
                    for (let c = 0; c < 4; c++) sum[c] += weight * q[c];
                }
            }
            result[j * 4 + i] = sum;
        }
    }
    return result;
}
