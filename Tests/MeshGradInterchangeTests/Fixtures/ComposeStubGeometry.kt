// androidx.compose.ui.geometry.Offset, as ComposeStub.kt says.
package androidx.compose.ui.geometry

class Offset(val x: Float, val y: Float) {
    companion object {
        val Unspecified = Offset(Float.NaN, Float.NaN)
    }
}
