// androidx.compose.runtime.remember, as ComposeStub.kt says.
package androidx.compose.runtime

fun <T> remember(calculation: () -> T): T = calculation()
