/// A Swift type name for the view printed from a document named `label`
/// (a preset name, `preset NAME`, or a file path): `se-wallpaper` gives
/// `SeWallpaper`, `~/my scene.json` gives `MyScene`. Letters and digits
/// only; `Scene` in front where nothing usable is left or it would start
/// with a digit.
public func swiftViewName(for label: String) -> String {
    var name = label.hasPrefix("preset ") ? String(label.dropFirst("preset ".count)) : label
    name = String(name.split(separator: "/").last ?? "")
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
    let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = joined.first, first.isLetter else { return "Scene" + joined }
    return joined
}
