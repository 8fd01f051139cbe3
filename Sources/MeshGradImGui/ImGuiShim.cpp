// The C API of MeshGradImGui.h over Dear ImGui 1.86 (Debian libimgui-dev).
#include "MeshGradImGui.h"

#include <GLFW/glfw3.h>
// ImGui 1.86's own header trips a newer clang's memset warning; not ours to fix.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#pragma clang diagnostic pop

#include <cstdio>
#include <cstring>
#include <vector>

namespace {
/// Whether each open mgui_begin pushed an item width (it does when the
/// window is not collapsed), for mgui_end to pop.
std::vector<bool> pushedItemWidth;

/// ImGui 1.86 reads keys as "down now" once a frame: a key pressed and
/// released between two frames (xdotool, a fast typist, a busy machine)
/// would never be seen. Such a release waits for the next frame.
GLFWwindow *keyWindow = nullptr;
std::vector<int> pressedThisFrame;
struct Release { int key, scancode, mods; };
std::vector<Release> deferredReleases;
std::vector<Release> dueReleases;

/// Mouse buttons as the application's callback reported them.
bool mouseDown[5] = {false, false, false, false, false};
bool mouseJustPressed[5] = {false, false, false, false, false};
double lastTime = 0;

void keyCallback(GLFWwindow *window, int key, int scancode, int action, int mods) {
    if (action == GLFW_PRESS) pressedThisFrame.push_back(key);
    bool justPressed = false;
    for (int k : pressedThisFrame) justPressed |= (k == key);
    if (action == GLFW_RELEASE && justPressed) {
        deferredReleases.push_back({key, scancode, mods});
        return;
    }
    ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
}
}

extern "C" {

bool mgui_create(void *window, const char *font_path, float font_size) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    // Nothing of the editor's layout is written beside the user's files.
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    if (font_path) {
        if (FILE *file = std::fopen(font_path, "rb")) {
            std::fclose(file);
            // Latin-1 and the punctuation, arrows and symbols the panels use.
            static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF,
                0x2500, 0x25FF, 0};
            io.Fonts->AddFontFromFileTTF(font_path, font_size, nullptr, ranges);
        }
    }
    ImGui::StyleColorsDark();
    // Labels right of the widgets take a third of the panel.
    ImGui::GetStyle().ItemInnerSpacing = ImVec2(6, 4);
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 6;
    style.FrameRounding = 3;
    style.Colors[ImGuiCol_WindowBg].w = 0.88f;
    keyWindow = static_cast<GLFWwindow *>(window);
    if (!ImGui_ImplGlfw_InitForOpenGL(keyWindow, true)) return false;
    // ImGui's key callback (which calls the application's first) behind
    // the deferral above.
    glfwSetKeyCallback(keyWindow, keyCallback);
    return ImGui_ImplOpenGL3_Init("#version 330 core");
}

void mgui_destroy(void) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void mgui_mouse_button(int button, bool pressed) {
    if (button < 0 || button >= 5) return;
    if (pressed) mouseJustPressed[button] = true;
    mouseDown[button] = pressed;
}

void mgui_new_frame(float width, float height, float framebuffer_width, float framebuffer_height, float mouse_x,
    float mouse_y) {
    ImGuiIO &io = ImGui::GetIO();
    // Tab is the preview's (the next vertex) unless a field is being typed
    // in, where it moves to the next field.
    io.KeyMap[ImGuiKey_Tab] = ImGui::IsAnyItemActive() ? GLFW_KEY_TAB : -1;
    // What ImGui_ImplGlfw_NewFrame does, from the application's values.
    io.DisplaySize = ImVec2(width, height);
    if (width > 0 && height > 0) {
        io.DisplayFramebufferScale = ImVec2(framebuffer_width / width, framebuffer_height / height);
    }
    double now = glfwGetTime();
    io.DeltaTime = lastTime > 0 && now > lastTime ? float(now - lastTime) : 1.0f / 60.0f;
    lastTime = now;
    io.MousePos = ImVec2(mouse_x, mouse_y);
    for (int i = 0; i < 5; i++) {
        // A click shorter than a frame still counts as one.
        io.MouseDown[i] = mouseJustPressed[i] || mouseDown[i];
        mouseJustPressed[i] = false;
    }
    // Releases held back for the frame before this one, which saw their
    // presses, land now: before NewFrame, never inside a frame (ImGui
    // checks that the modifier keys do not change within one).
    std::vector<Release> due;
    due.swap(dueReleases);
    for (const Release &r : due) ImGui_ImplGlfw_KeyCallback(keyWindow, r.key, r.scancode, GLFW_RELEASE, r.mods);
    // This frame sees the presses held back so far; their releases land at
    // the next one.
    dueReleases.swap(deferredReleases);
    pressedThisFrame.clear();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
}

void mgui_render(void) {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool mgui_wants_mouse(void) { return ImGui::GetIO().WantCaptureMouse; }
bool mgui_wants_keyboard(void) { return ImGui::GetIO().WantCaptureKeyboard; }

bool mgui_begin(const char *title, float x, float y, float width, float height, int flags) {
    ImGuiCond when = (flags & MGUI_WINDOW_ALWAYS) ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(x, y), when);
    if (flags & MGUI_WINDOW_AUTO_RESIZE) {
        // Fits its content's height, up to `height`; always `width` wide.
        ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, height > 0 ? height : 1e9f));
    } else if (width > 0 || height > 0) {
        ImGui::SetNextWindowSize(ImVec2(width, height), when);
    }
    ImGuiWindowFlags windowFlags = ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
    if (flags & MGUI_WINDOW_AUTO_RESIZE) windowFlags |= ImGuiWindowFlags_AlwaysAutoResize;
    if (flags & MGUI_WINDOW_NO_DECORATION) windowFlags |= ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove;
    if (flags & MGUI_WINDOW_NO_INPUTS) windowFlags |= ImGuiWindowFlags_NoInputs;
    bool open = ImGui::Begin(title, nullptr, windowFlags);
    pushedItemWidth.push_back(open);
    // Widgets leave room for their labels on the right.
    if (open) ImGui::PushItemWidth(-ImGui::GetFontSize() * 6.5f);
    return open;
}

void mgui_end(void) {
    if (!pushedItemWidth.empty()) {
        if (pushedItemWidth.back()) ImGui::PopItemWidth();
        pushedItemWidth.pop_back();
    }
    ImGui::End();
}

bool mgui_header(const char *label, bool open_by_default) {
    return ImGui::CollapsingHeader(label, open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}

void mgui_text(const char *text) { ImGui::TextUnformatted(text); }
void mgui_text_disabled(const char *text) { ImGui::TextDisabled("%s", text); }
void mgui_text_wrapped(const char *text) { ImGui::TextWrapped("%s", text); }
void mgui_separator(void) { ImGui::Separator(); }
void mgui_same_line(void) { ImGui::SameLine(); }

void mgui_columns(int count, float first_width) {
    ImGui::Columns(count, nullptr, false);
    if (count > 1 && first_width > 0) ImGui::SetColumnWidth(0, first_width);
}

void mgui_next_column(void) { ImGui::NextColumn(); }
void mgui_push_id(int id) { ImGui::PushID(id); }
void mgui_pop_id(void) { ImGui::PopID(); }
void mgui_set_next_item_width(float width) { ImGui::SetNextItemWidth(width); }
float mgui_display_width(void) { return ImGui::GetIO().DisplaySize.x; }
float mgui_display_height(void) { return ImGui::GetIO().DisplaySize.y; }

bool mgui_button(const char *label) { return ImGui::Button(label); }
bool mgui_small_button(const char *label) { return ImGui::SmallButton(label); }
bool mgui_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }

bool mgui_slider_int(const char *label, int *value, int min, int max) {
    return ImGui::SliderInt(label, value, min, max);
}

bool mgui_slider_double(const char *label, double *value, double min, double max, const char *format) {
    return ImGui::SliderScalar(label, ImGuiDataType_Double, value, &min, &max, format);
}

bool mgui_drag_double2(const char *label, double *xy, float speed, double min, double max, const char *format) {
    return ImGui::DragScalarN(label, ImGuiDataType_Double, xy, 2, speed, &min, &max, format);
}

bool mgui_combo(const char *label, int *index, const char *items) { return ImGui::Combo(label, index, items); }

bool mgui_color_picker(const char *label, float *rgba, bool wheel) {
    ImGuiColorEditFlags flags = ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_NoSidePreview
        | ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_Uint8
        | (wheel ? ImGuiColorEditFlags_PickerHueWheel : ImGuiColorEditFlags_PickerHueBar);
    return ImGui::ColorPicker4(label, rgba, flags);
}

bool mgui_input_text(const char *label, char *buffer, size_t size, bool hexadecimal) {
    ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll;
    if (hexadecimal) flags |= ImGuiInputTextFlags_CharsHexadecimal;
    return ImGui::InputText(label, buffer, size, flags);
}

void mgui_text_box(const char *label, const char *text, float height) {
    // ReadOnly: ImGui never writes into the buffer, so the const cast is safe.
    ImGui::InputTextMultiline(label, const_cast<char *>(text), std::strlen(text) + 1, ImVec2(-1, height),
        ImGuiInputTextFlags_ReadOnly);
}

bool mgui_selectable(const char *label, bool selected) { return ImGui::Selectable(label, selected); }
bool mgui_image(unsigned texture, float width, float height, float *u, float *v) {
    ImGui::Image((ImTextureID)(intptr_t)texture, ImVec2(width, height));
    if (!ImGui::IsItemClicked(ImGuiMouseButton_Left)) return false;
    ImVec2 mouse = ImGui::GetIO().MousePos;
    ImVec2 min = ImGui::GetItemRectMin();
    *u = (mouse.x - min.x) / width;
    *v = (mouse.y - min.y) / height;
    return true;
}

void mgui_progress(float fraction, const char *overlay) { ImGui::ProgressBar(fraction, ImVec2(-1, 0), overlay); }

void mgui_color_swatch(const char *label, const float *rgba) {
    ImGui::ColorButton(label, ImVec4(rgba[0], rgba[1], rgba[2], rgba[3]), ImGuiColorEditFlags_NoTooltip);
}

bool mgui_item_activated(void) { return ImGui::IsItemActivated(); }
bool mgui_item_deactivated(void) { return ImGui::IsItemDeactivated(); }
bool mgui_item_active(void) { return ImGui::IsItemActive(); }
bool mgui_color_button(const char *id, const float *rgba, float size) {
    return ImGui::ColorButton(id, ImVec4(rgba[0], rgba[1], rgba[2], rgba[3]), ImGuiColorEditFlags_AlphaPreviewHalf,
        ImVec2(size, size));
}
void mgui_set_keyboard_focus_here(void) { ImGui::SetKeyboardFocusHere(); }
bool mgui_any_item_active(void) { return ImGui::IsAnyItemActive(); }

void mgui_item_rect(float *x, float *y, float *width, float *height) {
    ImVec2 min = ImGui::GetItemRectMin();
    ImVec2 size = ImGui::GetItemRectSize();
    *x = min.x;
    *y = min.y;
    *width = size.x;
    *height = size.y;
}

void mgui_window_rect(float *x, float *y, float *width, float *height) {
    ImVec2 position = ImGui::GetWindowPos();
    ImVec2 size = ImGui::GetWindowSize();
    *x = position.x;
    *y = position.y;
    *width = size.x;
    *height = size.y;
}

void mgui_open_popup(const char *name) { ImGui::OpenPopup(name); }

bool mgui_begin_modal(const char *name) {
    ImVec2 center = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(center, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    return ImGui::BeginPopupModal(name, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
}

void mgui_close_popup(void) { ImGui::CloseCurrentPopup(); }
void mgui_end_popup(void) { ImGui::EndPopup(); }

}

void mgui_drag_source(const char *type, int index, const char *label) {
    if (ImGui::BeginDragDropSource()) {
        ImGui::SetDragDropPayload(type, &index, sizeof index);
        ImGui::TextUnformatted(label);
        ImGui::EndDragDropSource();
    }
}

bool mgui_drop_target(const char *type, int *index) {
    bool dropped = false;
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload *payload = ImGui::AcceptDragDropPayload(type)) {
            if (payload->DataSize == sizeof *index) {
                memcpy(index, payload->Data, sizeof *index);
                dropped = true;
            }
        }
        ImGui::EndDragDropTarget();
    }
    return dropped;
}

static ImU32 mgui_color(const float *rgba) { return ImGui::ColorConvertFloat4ToU32(ImVec4(rgba[0], rgba[1], rgba[2], rgba[3])); }

void mgui_under_rect(float x, float y, float width, float height, const float *rgba) {
    ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(x, y), ImVec2(x + width, y + height), mgui_color(rgba));
}

void mgui_under_text(float x, float y, float size, const float *rgba, const char *text) {
    ImGui::GetBackgroundDrawList()->AddText(ImGui::GetFont(), size, ImVec2(x, y), mgui_color(rgba), text);
}
