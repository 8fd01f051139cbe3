// Compose's color spaces (androidx.compose.ui.graphics.colorspace), as
// ui-graphics 1.13 declares the ones `meshgrad code --lang compose` names;
// bodies that do nothing (see ComposeStub.kt).
package androidx.compose.ui.graphics.colorspace

abstract class ColorSpace

object ColorSpaces {
    val Srgb: ColorSpace = object : ColorSpace() {}
    val ExtendedSrgb: ColorSpace = object : ColorSpace() {}
    val DisplayP3: ColorSpace = object : ColorSpace() {}
    val Bt2020: ColorSpace = object : ColorSpace() {}
}
