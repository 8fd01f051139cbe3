/// Every object of the document format and the keys it takes, declared
/// once. The decoders refuse any other key with these lists; the JSON
/// Schema (`meshgrad schema`), the writer and Docs/document-format.md are
/// tested against them (DocumentFormatAgreementTests), so that a key added
/// here and forgotten there fails a test.
public enum DocumentKeys {
    /// A mesh's own keys: a mesh document's and a scene's mesh fill's.
    public static let mesh = [
        "width", "height", "points", "bezierPoints", "colors", "background", "smoothsColors", "colorSpace",
        "animation", "poster",
    ]
    /// A mesh document: the mesh, its canvas size and its grain, in the
    /// order documents are written.
    public static let meshDocument = [
        "width", "height", "points", "bezierPoints", "colors", "background", "smoothsColors", "colorSpace", "size",
        "animation", "poster", "grain",
    ]
    public static let sceneDocument = ["size", "points", "background", "layers", "poster", "grain", "layout"]
    public static let grain = ["amount", "size", "monochrome", "seed", "animated"]
    public static let bezierPoint = ["position", "leading", "top", "trailing", "bottom"]

    // The animation of a mesh.
    public static let animation = ["loop", "waves", "drift", "keyframes"]
    public static let wave = ["vertex", "x", "y"]
    public static let waveAxis = ["base", "amplitude", "frequency", "phase"]
    public static let drift = ["seed", "amplitude", "speed"]
    public static let keyframe = ["duration", "easing", "points", "colors", "background"]
    public static let easing = ["spring"]
    public static let spring = ["response", "dampingFraction"]

    // A scene's layers.
    public static let layer = [
        "frame", "fill", "opacity", "shadow", "text", "keyframes", "loop", "shape", "stroke", "offset", "scale", "icon",
        "name", "locked",
    ]
    public static let fill = ["linearGradient", "mesh", "gradient"]
    public static let imageFill = ["image", "contentMode"]
    public static let materialFill = ["material"]
    public static let linearGradient = ["colors", "stops", "start", "end", "colorSpace"]
    public static let gradientStop = ["location", "color"]
    public static let shadow = ["color", "radius", "offset"]
    public static let text = ["string", "size", "weight", "width", "alignment", "lineSpacing", "font", "style", "fixedSize"]
    public static let fixedSize = ["horizontal", "vertical"]
    public static let icon = ["name", "style", "size", "weight"]
    public static let shape = ["roundedRectangle"]
    public static let roundedRectangle = ["cornerRadius"]
    public static let stroke = ["color", "width"]
    public static let layerKeyframe = ["duration", "easing", "frame", "opacity", "offset", "scale", "delay"]

    // A scene's layout.
    public static let layoutLayer = ["layer", "width", "height"]
    public static let layoutSpacer = ["spacer"]
    public static let spacer = ["minLength"]
    public static let layoutStack = ["hstack", "vstack", "zstack"]
    public static let stack = ["spacing", "alignment", "padding", "background", "children"]

    /// Every object above by name.
    public static let objects: [String: [String]] = [
        "mesh": mesh, "meshDocument": meshDocument, "sceneDocument": sceneDocument, "grain": grain,
        "bezierPoint": bezierPoint, "animation": animation, "wave": wave, "waveAxis": waveAxis, "drift": drift,
        "keyframe": keyframe, "easing": easing, "spring": spring, "layer": layer, "fill": fill,
        "materialFill": materialFill, "imageFill": imageFill, "linearGradient": linearGradient,
        "gradientStop": gradientStop,
        "shadow": shadow, "text": text, "fixedSize": fixedSize, "icon": icon, "shape": shape,
        "roundedRectangle": roundedRectangle, "stroke": stroke, "layerKeyframe": layerKeyframe,
        "layoutLayer": layoutLayer, "layoutSpacer": layoutSpacer, "spacer": spacer, "layoutStack": layoutStack,
        "stack": stack,
    ]
}
