// A small C API over Dear ImGui (and its GLFW and OpenGL 3 backends) for
// the preview's panels: Swift calls these, never ImGui's C++ directly.
// Every widget returns true when the user changed its value this frame.
#ifndef MESHGRAD_IMGUI_H
#define MESHGRAD_IMGUI_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Lifetime and frames

/// Starts ImGui on a GLFW window (GLFWwindow *) whose OpenGL 3.3 context is
/// current. Install the application's own GLFW callbacks first: ImGui's
/// backend chains to them. `font_path` (a TTF) may be NULL or missing: then
/// ImGui's built-in font. No imgui.ini is read or written.
bool mgui_create(void *window, const char *font_path, float font_size);
void mgui_destroy(void);
/// A frame: the window's size in screen units and pixels and the cursor
/// (screen units), as the application's callbacks saw them (the GLFW
/// backend would ask the X server for each, several round trips a frame).
void mgui_new_frame(float width, float height, float framebuffer_width, float framebuffer_height, float mouse_x,
    float mouse_y);
/// A mouse button press or release, from the application's callback.
void mgui_mouse_button(int button, bool pressed);
/// Draws the frame's panels over the current framebuffer.
void mgui_render(void);
/// Whether ImGui uses the mouse (over a panel) or the keyboard (a text
/// field, a modal dialog) now: then the canvas must not.
bool mgui_wants_mouse(void);
bool mgui_wants_keyboard(void);

// MARK: Windows and layout

enum {
    MGUI_WINDOW_AUTO_RESIZE = 1 << 0,
    MGUI_WINDOW_NO_DECORATION = 1 << 1,
    MGUI_WINDOW_NO_INPUTS = 1 << 2,
    MGUI_WINDOW_ALWAYS = 1 << 3,  // place at (x, y) every frame, not just the first
};
/// A panel, placed at (x, y) with (width, height) the first time; with
/// MGUI_WINDOW_AUTO_RESIZE, `width` wide and as tall as its content up to
/// `height` (0: no limit). Always pair with mgui_end.
bool mgui_begin(const char *title, float x, float y, float width, float height, int flags);
void mgui_end(void);
bool mgui_header(const char *label, bool open_by_default);
void mgui_text(const char *text);
void mgui_text_disabled(const char *text);
void mgui_text_wrapped(const char *text);
void mgui_separator(void);
void mgui_same_line(void);
/// Columns (ImGui's simple ones): `count` of them, the first `first_width`
/// pixels wide; mgui_next_column moves on; mgui_columns(1, 0) ends them.
void mgui_columns(int count, float first_width);
void mgui_next_column(void);
void mgui_push_id(int id);
void mgui_pop_id(void);
void mgui_set_next_item_width(float width);
/// The display's size in ImGui units (pixels).
float mgui_display_width(void);
float mgui_display_height(void);

// MARK: Widgets

bool mgui_button(const char *label);
/// A square swatch of `rgba` (straight, 0…1), `size` pixels: true when clicked.
bool mgui_color_button(const char *id, const float *rgba, float size);
bool mgui_small_button(const char *label);
bool mgui_checkbox(const char *label, bool *value);
bool mgui_slider_int(const char *label, int *value, int min, int max);
bool mgui_slider_double(const char *label, double *value, double min, double max, const char *format);
bool mgui_drag_double2(const char *label, double *xy, float speed, double min, double max, const char *format);
/// `items`: names separated by '\0', ending with "\0\0".
bool mgui_combo(const char *label, int *index, const char *items);
/// ImGui's picker, hue wheel and triangle; `rgba` straight sRGB in 0…1.
bool mgui_color_picker(const char *label, float *rgba, bool wheel);
/// A one-line text field; returns true when Enter was pressed in it.
bool mgui_input_text(const char *label, char *buffer, size_t size, bool hexadecimal);
/// A read-only text box (`text` may be long), `height` in pixels.
void mgui_text_box(const char *label, const char *text, float height);
bool mgui_selectable(const char *label, bool selected);
/// An OpenGL texture shown `width × height` pixels; true in the frame it
/// is clicked, with where in `u`, `v` (0…1 across and down).
bool mgui_image(unsigned texture, float width, float height, float *u, float *v);
void mgui_progress(float fraction, const char *overlay);
void mgui_color_swatch(const char *label, const float *rgba);

// MARK: The last widget's state (undo steps for drags)

bool mgui_item_activated(void);
bool mgui_item_deactivated(void);
bool mgui_item_active(void);
/// Gives the keyboard to the next widget drawn (a dialog's text field).
void mgui_set_keyboard_focus_here(void);
bool mgui_any_item_active(void);
/// The last widget's rectangle in window pixels (for the tests' layout file).
void mgui_item_rect(float *x, float *y, float *width, float *height);
/// The current window's (between mgui_begin and mgui_end) rectangle.
void mgui_window_rect(float *x, float *y, float *width, float *height);

// MARK: Dragging a list's items

/// After an item: lets it be dragged, carrying `index` (its list's own
/// payload `type`, at most 32 characters), with `label` beside the cursor.
void mgui_drag_source(const char *type, int index, const char *label);
/// After an item: true in the frame an item of `type` is dropped on it,
/// with the dragged item's index in `index`.
bool mgui_drop_target(const char *type, int *index);

// MARK: Drawing under the panels

/// Shapes and text drawn over the picture but under every panel (the
/// canvas's rulers), in window pixels; `rgba` straight, 0…1.
void mgui_under_rect(float x, float y, float width, float height, const float *rgba);
/// `text` at `size` pixels (the panels' font, scaled); lines split at '\n'.
void mgui_under_text(float x, float y, float size, const float *rgba, const char *text);

// MARK: Modal dialogs

void mgui_open_popup(const char *name);
bool mgui_begin_modal(const char *name);
void mgui_close_popup(void);
void mgui_end_popup(void);

#ifdef __cplusplus
}
#endif

#endif
