# Shared by scripts/run, scripts/test and scripts/bench: install what a fresh machine lacks.
# Sourced, not run.

# The Debian packages Banter needs to build, test and benchmark.
BANTER_PACKAGES=(liblua5.4-dev libsqlite3-dev libreadline-dev pkg-config)
# What scripts/screenshots needs: a virtual X display, xterm, a font with box-drawing and
# block characters (DejaVu), one for emoji (Symbola), and ImageMagick's `import` (x11-utils for xdpyinfo and xwininfo).
BANTER_SCREENSHOT_PACKAGES=(xvfb xterm stterm fonts-dejavu-core fonts-symbola imagemagick x11-utils)
# python3 and nodejs run the example bots in other languages (examples/bots/parrot.py, tally.js).
BANTER_TEST_PACKAGES=(tmux sqlite3 lua5.4 lua-check lcov python3 nodejs "${BANTER_SCREENSHOT_PACKAGES[@]}")

# Installs the given Debian packages that are missing: as root directly, else through sudo,
# else prints the exact command and stops.
banter_install_packages() {
    local missing=()
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}" >&2
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo=(sudo)
        else
            echo "Banter needs these Debian packages: ${missing[*]}" >&2
            echo "Install them with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
            exit 1
        fi
    fi
    "${sudo[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
}

# The repository's root, whatever directory the script was started from.
banter_root() {
    cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd
}

# The release build scripts/run, scripts/install and scripts/bench share, in a scratch path of
# its own so it leaves the debug build of scripts/test alone. `banter` itself is one static
# executable (Package.swift's linker settings for release, which only BANTER_STATIC_EXECUTABLE=1
# turns on: a plain `swift build -c release` links as SwiftPM does): no dynamic loader, no shared
# libraries to map and bind, no start-up relocations. Printing a page takes about 520 page
# faults and 43 million instructions instead of about 920 and 49 million with only the Swift
# runtime linked in (a dynamically linked PIE, as before; 5 million of those were the dynamic
# loader's). The linker warns that glibc's user and host lookups (getpwuid, dlopen…) need the
# same glibc at run time: a normal run reaches none of them (a missing $HOME does, and works),
# and a build runs on the machine it was built on. Builds the given products (build output on
# stderr) and prints the folder they are in.
banter_build_release() {
    local root
    root="$(banter_root)"
    local build=(env BANTER_STATIC_EXECUTABLE=1 swift build -c release --static-swift-stdlib --package-path "$root" --scratch-path "$root/.build/static")
    local product
    for product in "$@"; do
        # A failed build must stop here: the caller would otherwise run stale binaries
        # (errexit does not reach into the command substitution that calls this).
        "${build[@]}" --product "$product" >&2 || return 1
    done
    "${build[@]}" --show-bin-path
}
