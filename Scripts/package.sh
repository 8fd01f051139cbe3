#!/usr/bin/env bash
# Builds meshgrad's packages into dist/ (or $DIST):
#   meshgrad_VERSION_ARCH.deb            for apt-get install ./meshgrad_*.deb
#   meshgrad-VERSION-linux-ARCH.tar.gz   the same files under one folder,
#                                        with an install.sh for a PREFIX
# Both hold the release binary, the man page, bash, zsh and fish
# completions, a desktop entry for the editor, the license, the README and
# the changelog. The .deb's dependencies are the shared libraries the
# binary links, as dpkg-shlibdeps finds them, and libavif, GLFW and epoxy, which it opens; ffmpeg (animate), Mesa
# (OpenGL without a GPU driver) and the fonts are recommended.
# Needs Debian's dpkg-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${DIST:-dist}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)

# For any x86-64 (Package.swift otherwise targets this machine's CPU).
MESHGRAD_TARGET_CPU= swift build -c release --product meshgrad
binary=.build/release/meshgrad
version=$("$binary" --version | awk '{ print $2 }')
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The files as installed, under $1 (a prefix such as usr or usr/local).
stage() {
    local root=$1
    install -Dm755 "$binary" "$root/bin/meshgrad"
    strip "$root/bin/meshgrad"
    "$binary" man | gzip -9n >"$work/meshgrad.1.gz"
    install -Dm644 "$work/meshgrad.1.gz" "$root/share/man/man1/meshgrad.1.gz"
    install -d "$root/share/bash-completion/completions" "$root/share/zsh/vendor-completions" \
        "$root/share/fish/vendor_completions.d"
    "$binary" completions bash >"$root/share/bash-completion/completions/meshgrad"
    "$binary" completions zsh >"$root/share/zsh/vendor-completions/_meshgrad"
    "$binary" completions fish >"$root/share/fish/vendor_completions.d/meshgrad.fish"
    install -Dm644 Scripts/meshgrad.desktop "$root/share/applications/meshgrad.desktop"
    install -Dm644 LICENSE "$root/share/doc/meshgrad/copyright"
    install -Dm644 README.md "$root/share/doc/meshgrad/README.md"
    gzip -9nc CHANGELOG.md >"$work/changelog.gz"
    install -Dm644 "$work/changelog.gz" "$root/share/doc/meshgrad/changelog.gz"
}

# The libraries the binary needs, as package names and versions.
shared_library_depends() {
    mkdir -p "$work/shlibs/debian"
    printf 'Source: meshgrad\n\nPackage: meshgrad\nArchitecture: any\n' >"$work/shlibs/debian/control"
    cp "$binary" "$work/shlibs/meshgrad"
    local linked
    linked=$(cd "$work/shlibs" && dpkg-shlibdeps -O meshgrad 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
    echo "$linked, $(opened_library_package libavif), $(opened_library_package libglfw), $(opened_library_package libepoxy)"
}

# libavif is opened when the first AVIF is made, GLFW and epoxy when the
# first window or GL context is, not linked (see Sources/CAVIF/shim.h and
# Sources/MeshGradGLLibraries), so dpkg-shlibdeps cannot see them: the
# package that holds the shared object this build's headers name.
opened_library_package() {
    local library
    library=$(readlink -f "$(gcc -print-file-name="$1.so")")
    dpkg -S "$library" | head -1 | cut -d: -f1
}

deb=$work/deb
stage "$deb/usr"
mkdir -p "$deb/DEBIAN"
cat >"$deb/DEBIAN/control" <<EOF
Package: meshgrad
Version: $version
Architecture: $arch
Maintainer: meshgrad developers <meshgrad@localhost>
Installed-Size: $(du -sk "$deb/usr" | cut -f1)
Depends: $(shared_library_depends)
Recommends: ffmpeg, libgl1-mesa-dri, libegl-mesa0, fonts-dejavu-core, fonts-font-awesome
Section: graphics
Priority: optional
Description: SwiftUI-style mesh gradients, rendered to files
 Renders SwiftUI MeshGradient-style gradients to dithered PNG, JPEG, WebP
 and PDF wallpapers at any size, on the GPU (OpenGL) or the CPU; exports
 animations to video; prints and imports SwiftUI code; edits gradients in
 a live window.
EOF
dpkg-deb --root-owner-group --build "$deb" "$dist/meshgrad_${version}_${arch}.deb" >/dev/null

tree=$work/meshgrad-$version
stage "$tree"
cat >"$tree/install.sh" <<'EOF'
#!/bin/sh
# Copies bin/ and share/ under PREFIX (default /usr/local).
set -eu
prefix=${PREFIX:-/usr/local}
cd "$(dirname "$0")"
mkdir -p "$prefix"
cp -R bin share "$prefix/"
echo "installed meshgrad in $prefix/bin"
EOF
chmod 755 "$tree/install.sh"
tar -C "$work" --owner=0 --group=0 -czf "$dist/meshgrad-$version-linux-$arch.tar.gz" "meshgrad-$version"
ls -l "$dist"
