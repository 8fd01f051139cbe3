// Twin of Sources/MeshGradCore/Math/CoonsPatch.swift.

/**
 * The geometry net of the patch with corner vertices a (0,0), b (1,0),
 * c (0,1), d (1,1), each `{position, leading, top, trailing, bottom}`: the
 * Coons patch of its four cubic edges as the bicubic net equal to it. The
 * boundary points are the edges' own control points, so neighbours share
 * them bit for bit.
 */
function coonsPatchNet(a, b, c, d) {
    const top = [a.position, a.trailing, b.leading, b.position];
    const bottom = [c.position, c.trailing, d.leading, d.position];
    const left = [a.position, a.bottom, c.top, c.position];
    const right = [b.position, b.bottom, d.top, d.position];

    const net = new Array(16);
    for (let i = 0; i < 4; i++) {
        net[i] = top[i];
        net[12 + i] = bottom[i];
    }
    for (let j = 0; j < 4; j++) {
        net[j * 4] = left[j];
        net[j * 4 + 3] = right[j];
    }
    for (let j = 1; j <= 2; j++) {
        for (let i = 1; i <= 2; i++) {
            const s = i / 3;
            const t = j / 3;
            const point = [0, 0];
            for (let k = 0; k < 2; k++) {
                const bilinear =
                    (1 - s) * (1 - t) * a.position[k] + s * (1 - t) * b.position[k]
                    + (1 - s) * t * c.position[k] + s * t * d.position[k];
                point[k] = (1 - t) * top[i][k] + t * bottom[i][k] + (1 - s) * left[j][k] + s * right[j][k] - bilinear;
            }
            net[j * 4 + i] = point;
        }
    }
    return net;
}
