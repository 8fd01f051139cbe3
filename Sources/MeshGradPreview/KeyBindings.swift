/// Every key of the preview, as `H` prints them.
enum KeyBindings {
    static let help = """
        meshgrad preview keys
          mouse drag        move a vertex (or, with the overlay on, a Bézier handle)
          Tab / Shift-Tab   select the next / previous vertex;  Esc: select nothing
          arrows            nudge the selection 1 px (Shift: 10 px)
          B                 select the background color
          Q / W             hue of the selected color -15° / +15° (Oklch)
          A / S             lightness -0.05 / +0.05
          Z / X             chroma -0.02 / +0.02
          M                 smooth colors on/off
          P                 perceptual (Oklab) / device color space
          G / Shift-G       grid one vertex larger / smaller each way (2×2 … 8×8), resampled
          R                 randomize: a new harmonious mesh (each press a new seed)
          Shift-R           the same, walking the harmonies in order (analogous, complementary, …)
          N                 grain on/off (amount 0.06, monochrome; the document's "grain" key)
          drop a photo      fit the mesh to it (as meshgrad fit --positions, at the current grid)
          O                 overlay of vertices, edges and handles on/off
          Space             play / pause the animation;  . and ,  step a frame forward / back
          [ / ]             animation speed ×0.5 / ×2
          Ctrl-Z            undo;  Ctrl-Shift-Z or Ctrl-Y: redo
          Ctrl-S            save (atomically; a preset is saved as a new file)
          Ctrl-Shift-S      save as a new file next to the original (name-1.json, ...)
          E                 export a PNG at the export size (--export-size) through the offscreen path
          C                 copy the SwiftUI code to the clipboard, and print it
          H or F1           print this list
          Ctrl-Q or close   quit
        """
}
