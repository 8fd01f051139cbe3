import MeshGradCore
import MeshGradDocument
import MeshGradEditor
import MeshGradImGui

/// A one-line ImGui text field's buffer, kept between frames. While the
/// user types in it, it keeps what they typed; otherwise it shows `value`
/// (the document's current value) each frame.
struct TextField {
    private var buffer = [CChar](repeating: 0, count: 256)
    /// Whether the user is typing in it (it has the keyboard).
    private(set) var editing = false

    /// Draws the field; returns its text when the user pressed Enter or
    /// left the field (clicked elsewhere, Tab).
    mutating func draw(_ label: String, value: String, hexadecimal: Bool = false) -> String? {
        if !editing { set(value) }
        let entered = buffer.withUnsafeMutableBufferPointer {
            mgui_input_text(label, $0.baseAddress, $0.count, hexadecimal)
        }
        let wasEditing = editing
        editing = mgui_item_active()
        guard entered || (wasEditing && !editing) else { return nil }
        editing = false
        return text
    }

    var text: String {
        buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private mutating func set(_ value: String) {
        let bytes = Array(value.utf8.prefix(buffer.count - 1))
        for i in buffer.indices { buffer[i] = i < bytes.count ? CChar(bitPattern: bytes[i]) : 0 }
    }
}

/// The panels' state that is not the document's: text fields being typed
/// into, the export size chosen.
struct PanelState {
    var hex = TextField()
    var canvasSize = TextField()
    /// The Document panel's aspect lock for the canvas size.
    var keepsAspect = false
    var exportSize = TextField()
    var text = TextField()
    var layerName = TextField()
    /// The Generate panel: the harmony (0: the seed's) and the theme in words.
    var themeField = TextField()
    var themeText = ""
    /// `themeText` read once when it is entered (not on every frame);
    /// nil when it is empty.
    var theme: Theme?
    var harmonyIndex = 0
    var pickerWheel = false
    var layout = PanelLayout()
    var exportSizeIndex = 0
    var videoFormat = 0
    var videoSeconds: Double?
    /// Where exports go (nil: the document's folder and name).
    var exportFolderField = TextField()
    var exportFolder: String?
    var exportNameField = TextField()
    var exportName: String?
    /// The keyframe selected in the timeline.
    var keyframe: Int?
    /// Colors taken lately (eyedropper, swatch, paste, hex), newest first.
    var recentColors: [RGBAColor] = []
    /// Save As's path field, what it proposes, and whether it has had the
    /// keyboard given to it.
    var saveAsField = TextField()
    var saveAsPath = ""
    var saveAsFocused = false
    /// The Open dialog's path field, likewise.
    var openField = TextField()
    var openPath = ""
    var openFocused = false
    /// The SwiftUI code shown in the Export panel, and what it was made from.
    var code: (document: GradientDocument, text: String)?
}
