// Compose's signatures that `meshgrad code --lang compose` uses, as
// androidx.compose.ui:ui-graphics 1.13 and compose-runtime declare them
// (developer.android.com reference; Offset and remember in the files beside), with bodies that do nothing: enough
// for kotlinc to type-check the generated block without an Android SDK.
package androidx.compose.ui.graphics

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.colorspace.ColorSpace
import androidx.compose.ui.graphics.colorspace.ColorSpaces

class Color(val value: Long)

fun Color(red: Float, green: Float, blue: Float, alpha: Float = 1f, colorSpace: ColorSpace = ColorSpaces.Srgb): Color =
    Color(0L)

interface MeshGradientScope {
    fun setVertex(
        row: Int,
        column: Int,
        position: Offset,
        color: Color,
        leftControlPoint: Offset = Offset.Unspecified,
        topControlPoint: Offset = Offset.Unspecified,
        rightControlPoint: Offset = Offset.Unspecified,
        bottomControlPoint: Offset = Offset.Unspecified
    )
}

class MeshGradientPainter(rows: Int, columns: Int, hasBicubicColor: Boolean = false, block: MeshGradientScope.() -> Unit)
