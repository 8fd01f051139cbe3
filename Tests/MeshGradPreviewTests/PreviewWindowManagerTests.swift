import Foundation
import MeshGradTestSupport
import Testing

/// What a window manager does to the window, done by hand: the tests' Xvfb
/// has no window manager, so a script sends what one would send. Iconify:
/// the window unmapped and its `WM_STATE` set to IconicState (GLFW reports
/// iconified on that property); restore: mapped, NormalState; the close
/// button: a `WM_PROTOCOLS` client message with `WM_DELETE_WINDOW`.
/// Python's ctypes over libX11, since neither xdotool nor any installed
/// tool sends these without a window manager.
extension PreviewWindowTests {
    static let windowManagerScript = #"""
        import ctypes, ctypes.util, sys
        x = ctypes.CDLL(ctypes.util.find_library("X11"))
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
        x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                                      ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
        x.XMapWindow.argtypes = x.XUnmapWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x.XFlush.argtypes = x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        class ClientMessage(ctypes.Structure):
            _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                        ("display", ctypes.c_void_p), ("window", ctypes.c_ulong),
                        ("message_type", ctypes.c_ulong), ("format", ctypes.c_int),
                        ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]
        action, window = sys.argv[1], int(sys.argv[2])
        d = x.XOpenDisplay(None)
        if not d: sys.exit("no display")
        atom = lambda name: x.XInternAtom(d, name.encode(), 0)
        if action == "close":
            e = ClientMessage(type=33, send_event=1, window=window, message_type=atom("WM_PROTOCOLS"), format=32)
            e.data[0] = atom("WM_DELETE_WINDOW")
            x.XSendEvent(d, window, 0, 0, ctypes.byref(e))
        else:
            iconic = action == "iconify"
            (x.XUnmapWindow if iconic else x.XMapWindow)(d, window)
            state = (ctypes.c_long * 2)(3 if iconic else 1, 0)
            x.XChangeProperty(d, window, atom("WM_STATE"), atom("WM_STATE"), 32, 0, state, 2)
        x.XFlush(d)
        x.XCloseDisplay(d)
        """#

    /// `close`, `iconify` or `restore` the preview's window.
    func windowManager(_ action: String, _ preview: Preview) throws {
        try runOnDisplay(
            "/usr/bin/python3", ["-c", Self.windowManagerScript, action, preview.window], display: preview.display)
        Thread.sleep(forTimeInterval: 0.5)
    }

    /// CPU ticks (1/100 s) the process used in `seconds`.
    func ticks(_ preview: Preview, over seconds: Double) throws -> Int {
        func now() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(preview.process.processIdentifier)/stat", encoding: .utf8)
            // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
            let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
            return Int(fields[11])! + Int(fields[12])!
        }
        let start = try now()
        Thread.sleep(forTimeInterval: seconds)
        return try now() - start
    }

    @Test func anIconifiedWindowDrawsNothingAndDrawsAgainWhenRestored() throws {
        guard let display = display() else { return }
        let preview = try Preview(arguments: ["--preset", "lava", "--window", "400x300"], display: display)
        let playing = try ticks(preview, over: 3)
        try windowManager("iconify", preview)
        let iconified = try ticks(preview, over: 3)
        try windowManager("restore", preview)
        let restored = try ticks(preview, over: 3)
        // An animating window costs tens of ticks a second; iconified, only
        // the wait for events (at most 2 % of a core: 6 ticks in 3 s).
        #expect(playing > 30, "playing: \(playing) ticks in 3 s")
        #expect(iconified <= 6, "iconified: \(iconified) ticks in 3 s (playing: \(playing))")
        #expect(restored > 30, "restored: \(restored) ticks in 3 s")
        #expect(preview.process.isRunning)
        _ = try preview.quit()
    }

    @Test func theCloseButtonAsksWithUnsavedChangesAndQuitsWithout() throws {
        guard let display = display() else { return }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("close.json")
        try Data(Self.red9.jsonText().utf8).write(to: spec)
        let bytes = try Data(contentsOf: spec)

        // Clean: the close button quits.
        let clean = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        try windowManager("close", clean)
        let deadline = Date().addingTimeInterval(5)
        while clean.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!clean.process.isRunning, "the close button did not quit a clean preview")
        #expect(clean.process.isRunning || clean.process.terminationStatus == 0)
        _ = try clean.quit()

        // Dirty: it asks (the modal dims the window), and the file is untouched.
        let dirty = try Preview(arguments: [spec.path, "--window", "400x300", "--hide-panels"], display: display)
        let before = pixel(try dirty.screenshot(), 200, 40)
        try key(dirty, "Tab", "Right", "w")
        try dirty.waitForFrame()
        try windowManager("close", dirty)
        try dirty.waitForFrame()
        #expect(dirty.process.isRunning, "the close button quit with unsaved changes")
        let dimmed = pixel(try dirty.screenshot(), 200, 40)
        #expect(abs(Int(dimmed.y) - Int(before.y)) > 20, "no dialog: \(dimmed) vs \(before)")
        #expect(try Data(contentsOf: spec) == bytes)
        // Cancel keeps the window and the edits.
        try key(dirty, "Escape")
        try dirty.waitForFrame()
        #expect(dirty.process.isRunning)
        #expect(dirty.title.contains("•"), "title: \(dirty.title)")
        #expect(try Data(contentsOf: spec) == bytes)
        dirty.stop()
    }
}

/// Frame pacing: Xvfb has no vsync, so the preview's own 60 Hz cap is all
/// that keeps a small window from drawing as fast as the CPU allows (it
/// could draw 165–244 fps at 320×200). Load can only lower the rate, so
/// the upper bound cannot fail by chance.
extension PreviewWindowTests {
    @Test func aSmallAnimatedWindowNeverDrawsFasterThanTheDisplay() throws {
        guard let display = display() else { return }
        let preview = try Preview(
            arguments: ["--preset", "onboarding", "--window", "160x100", "--hide-panels", "--frames", "120", "--fps"],
            display: display)
        let deadline = Date().addingTimeInterval(30)
        while preview.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let said = try preview.quit()
        // "120 frames in 2.00 s: 60.0 fps"
        let words = said.split(whereSeparator: \.isWhitespace)
        let rate = words.firstIndex(of: "fps").flatMap { i in i > 0 ? Double(words[i - 1]) : nil }
        let fps = try #require(rate, "no frame rate in: \(said)")
        #expect(fps <= 62, "\(fps) fps: faster than the 60 Hz cap")
        #expect(fps > 5, "\(fps) fps")
    }
}
