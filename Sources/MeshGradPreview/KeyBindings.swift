/// Every key and mouse action of the preview, as the help overlay (F1 or ?)
/// shows them.
enum KeyBindings {
    static let help = """
        meshgrad preview: keys and mouse
          drag a vertex     move it; near another vertex's x or y it snaps there, with a guide (Shift: snap
                            to a 5 % grid instead; Ctrl: no snapping; Alt: a Bézier vertex with its handles)
          drag elsewhere    a marquee: the vertices inside become a group (Shift: added to it)
          Shift-click       add a vertex to the group, or take it out; dragging one of the group moves all
          drag a handle     with the overlay on (O): bend the curve; an inferred handle makes the mesh bezierPoints
          drag a layer      in a scene: move the selected layer's frame; its corner square resizes it
          scroll, right-drag  zoom / pan the canvas (with the overlay on, it sits in a margin); 0: fit
          F                 zoom to the selection (the group, the vertex or the handle); with none, fit
          Tab / Shift-Tab   select the next / previous vertex;  Esc: select nothing
          arrows            nudge the selection (or the group) 1 px (Shift: 10 px)
          B                 select the background color
          I                 eyedropper: the next click on the canvas gives its color to the selection (Esc: not)
          Ctrl-C / Ctrl-V   copy the selected color's hex / paste a hex from the clipboard onto the selection
          Q / W             hue of the selected color -15° / +15° (Oklch)
          A / S             lightness -0.05 / +0.05
          Z / X             chroma -0.02 / +0.02
          M                 smooth colors on/off
          P                 perceptual (Oklab) / device color space
          G / Shift-G       grid one vertex larger / smaller each way (2×2 … 8×8), resampled
          R                 randomize: a new harmonious mesh (each press a new seed)
          Shift-R           the same, walking the harmonies in order (analogous, complementary, …)
          N                 grain on/off (amount 0.06, monochrome; the document's "grain" key)
          drop a photo      show it in the Image section: a click on it gives its color to the selection;
                            "Fit the mesh to it" fits as meshgrad fit --positions (dropping a document opens it)
          O                 overlay of vertices, edges and handles on/off
          Space             play / pause the animation;  . and ,  step a frame forward / back
          K                 record keyframes: a point dragged at the playhead (past 0 s) keys that time
          [ / ]             animation speed ×0.5 / ×2
          Ctrl-Z            undo;  Ctrl-Shift-Z or Ctrl-Y: redo
          Ctrl-S            save (atomically; a preset asks where, as Save As)
          Ctrl-Shift-S      save as: type a path (relative to the document's folder; new folders are made)
          Ctrl-O            open another document here (or a photo, as if dropped): type a path, or pick a recent file
          E                 export a PNG at the export size (--export-size) through the offscreen path
          C                 copy the SwiftUI code to the clipboard, and print it
          H                 hide / show the panels (hidden: the picture exactly as meshgrad render draws it)
          F1 or ?           this help
          Ctrl-Q or close   quit (with unsaved changes: asks to save, discard or cancel)
        """
}
