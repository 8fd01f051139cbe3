// Intentionally empty: Dear ImGui's headers are C++ and are included by
// Sources/MeshGradImGui/ImGuiShim.cpp itself.
