// swift-tools-version: 6.0
// The libFuzzer harnesses written in Swift, as a package of their own so that the main build
// never compiles them: scripts/fuzz builds them with `--sanitize=fuzzer --sanitize=address`.
// They use the library products Banter declares for them, public API only.
import PackageDescription

let package = Package(
    name: "BanterFuzz",
    dependencies: [.package(name: "Banter", path: "..")],
    targets: [
        // Sanitizer, display width, word wrapping and bubble rendering on arbitrary text.
        .executableTarget(
            name: "TextFuzzer",
            dependencies: [
                .product(name: "BanterCore", package: "Banter"),
                .product(name: "BanterTheme", package: "Banter"),
                .product(name: "BanterTerminal", package: "Banter"),
            ],
            path: "Text",
            exclude: ["corpus"]
        ),
        // The image header reader on arbitrary bytes.
        .executableTarget(
            name: "ImageFuzzer",
            dependencies: [.product(name: "BanterCore", package: "Banter")],
            path: "Image",
            exclude: ["corpus"]
        ),
        // The JSON transcript import on arbitrary bytes.
        .executableTarget(
            name: "ImportFuzzer",
            dependencies: [.product(name: "BanterExport", package: "Banter")],
            path: "Import",
            exclude: ["corpus"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
