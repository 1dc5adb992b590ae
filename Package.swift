// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Banter",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "banter", targets: ["banter"]),
        // For the fuzz harnesses in Fuzz/ (their own package) only; not a supported API.
        .library(name: "BanterCore", targets: ["BanterCore"]),
        .library(name: "BanterTheme", targets: ["BanterTheme"]),
        .library(name: "BanterTerminal", targets: ["BanterTerminal"]),
        .library(name: "BanterExport", targets: ["BanterExport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C libraries, wrapped once each: a modulemap plus a shim header of static inline helpers.
        .systemLibrary(
            name: "CLua",
            path: "Sources/CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // No pkgConfig: readline's .pc file only adds -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600,
        // which SwiftPM refuses with a "prohibited flag(s)" warning on every build; its
        // headers are on the default path and the module map links it.
        .systemLibrary(
            name: "CReadline",
            path: "Sources/CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),

        // The sandbox's C side: allocator, hook, trampolines and the guarded pattern matcher.
        .target(name: "LuaSandbox", dependencies: ["CLua"]),

        // Models, grouping rules, pure layout, day/time formatting, clocks. No I/O.
        .target(name: "BanterCore"),
        // Colours by role (the palette) and the built-in themes, shared by the terminal and
        // the HTML export. No I/O.
        .target(name: "BanterTheme"),
        // SQLite storage through GRDB.
        .target(
            name: "BanterStore",
            dependencies: [
                "BanterCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The embedded, sandboxed Lua 5.4 runtime: one state, its sandbox and prelude, values,
        // host functions, chunk loading, budgets, coverage, script errors and limits.
        .target(name: "BanterLua", dependencies: ["BanterCore", "CLua", "LuaSandbox"], plugins: ["EmbedLua"]),
        // Bots on the Lua runtime: the bot API, the API catalogue, the checker (`banter check`).
        .target(
            name: "BanterScript", dependencies: ["BanterCore", "BanterLua", "CLua", "LuaSandbox"], plugins: ["EmbedLua"]
        ),
        // Bots that are programs in any language (started through swift-subprocess, spoken to in
        // JSON Lines over stdin/stdout) or behind an HTTP endpoint (AsyncHTTPClient), behind the
        // same `ChatBot` seam as a Lua bot.
        .target(
            name: "BanterExternal",
            dependencies: [
                "BanterCore", "BanterLua", "BanterScript",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Language models for bots (`chat:complete`): OpenAI-compatible endpoints through
        // AsyncHTTPClient with streamed answers, and the cassettes scenarios answer them from.
        .target(
            name: "BanterModels",
            dependencies: [
                "BanterCore", "BanterScript",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The chat session ("view model"): ties store, bot and clock together and publishes events.
        .target(
            name: "BanterChat",
            dependencies: ["BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterExternal"]
        ),
        // Scenarios: loading a scenario script, its step verbs (one type each), running it on a
        // session with a virtual clock, and saving a chat as one (`/save`).
        .target(
            name: "BanterScenario",
            dependencies: [
                "BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterChat", "CLua", "LuaSandbox",
            ],
            plugins: ["EmbedLua"]
        ),
        // Display width, sanitising, themes, bubble rendering, animation and the readline REPL.
        .target(
            name: "BanterTerminal",
            dependencies: [
                "BanterCore", "BanterTheme", "BanterChat", "BanterScenario", "BanterWatch",
                "CReadline",
            ]
        ),
        // Pure export formats (Markdown, JSON, HTML) and the JSON import: no I/O.
        .target(name: "BanterExport", dependencies: ["BanterCore", "BanterTheme"], exclude: ["TranscriptFormat.md"]),
        // Chat histories exported by other apps (WhatsApp so far): one parser per format behind one
        // importer that stores them through BanterStore in one transaction, reporting what it
        // did not understand.
        .target(
            name: "BanterHistory",
            dependencies: [
                "BanterCore", "BanterStore", "BanterExport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The configuration file and theme files (TOML): keys, validation with line numbers,
        // precedence (flag > environment > file > built-in default), the theme library.
        .target(
            name: "BanterConfig",
            dependencies: [
                "BanterCore", "BanterLua", "BanterTheme",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // `banter test`: scenarios run in parallel worker processes, shards, JUnit and LCOV
        // reports, bot coverage, golden transcripts.
        .target(
            name: "BanterTestRunner",
            dependencies: [
                "BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterChat", "BanterScenario",
                "BanterTerminal", "BanterModels",
            ]
        ),
        // `banter debug`: the step debugger as a Debug Adapter Protocol server over stdin/stdout,
        // for editors (VS Code, nvim-dap): framing, the protocol's messages, the requests.
        .target(name: "BanterDebugAdapter", dependencies: ["BanterCore", "BanterChat", "BanterScenario"]),
        // Tells when files change on disk (inotify, else polling): live reload, `test --watch`.
        .target(name: "BanterWatch"),
        // The command-line entry point: wiring only.
        .executableTarget(
            name: "banter",
            dependencies: [
                "BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterChat", "BanterScenario",
                "BanterTerminal",
                "BanterTheme", "BanterConfig", "BanterExport", "BanterHistory", "BanterTestRunner", "BanterWatch",
                "BanterDebugAdapter",
                "BanterModels",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // scripts/run, scripts/install and scripts/bench build one static executable: no
                // dynamic loader, so no shared libraries to map and bind and no relocations to
                // apply at start (see banter_build_release in scripts/lib.sh for the figures). It
                // links only with --static-swift-stdlib, which those scripts pass along with
                // BANTER_STATIC_EXECUTABLE=1; a plain `swift build -c release` leaves it out and
                // links as SwiftPM always does. A static readline needs its terminal library
                // named. The toolchain's lld groups read-only data apart from code (a tenth fewer
                // page faults at start than gold) and links in about half the time.
                .unsafeFlags(
                    ["-static-executable", "-use-ld=lld", "-Xlinker", "-ltinfo"],
                    .when(platforms: [.linux], configuration: .release))
            ].filter { _ in Context.environment["BANTER_STATIC_EXECUTABLE"] == "1" },
            plugins: ["BuildCommit"]
        ),
        // Writes the commit `banter --version` names, on every build (see the plugin's file).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // Compiles the .lua files of the target it is applied to into it, as string constants
        // (`EmbeddedLua.name`; see the plugin's file and docs/architecture.md).
        .plugin(name: "EmbedLua", capability: .buildTool()),

        // Benchmarks (scripts/bench): a release-mode executable, not part of the test suite.
        .executableTarget(
            name: "BanterBench",
            dependencies: [
                "BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterTerminal", "BanterScenario",
                "BanterExternal", "BanterModels", "BanterTestRunner",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // What several test targets share (seeded generator, temporary folders, golden files,
        // child processes, the reference conversations); only test targets depend on it.
        .target(name: "BanterTestSupport", dependencies: ["BanterCore"], path: "Tests/BanterTestSupport"),
        // A chat session on an in-memory store for the session's and the scenarios' tests.
        .target(
            name: "BanterChatTestSupport",
            dependencies: ["BanterCore", "BanterStore", "BanterChat", "BanterTestSupport"],
            path: "Tests/BanterChatTestSupport"
        ),

        .testTarget(name: "BanterCoreTests", dependencies: ["BanterCore", "BanterTestSupport"]),
        .testTarget(
            name: "BanterStoreTests",
            dependencies: [
                "BanterCore", "BanterStore", "BanterTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "BanterScriptTests",
            dependencies: [
                "BanterCore", "BanterLua", "BanterScript", "BanterScenario", "CLua", "LuaSandbox", "BanterTestSupport",
            ],
            // Read through #filePath by the conformance tests, not bundled.
            exclude: ["Conformance/LuaSuiteDifferences.txt", "Conformance/Support"]
        ),
        .testTarget(
            name: "BanterChatTests",
            dependencies: [
                "BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterChat", "BanterChatTestSupport",
                "BanterExport", "BanterTestSupport",
            ]
        ),
        .testTarget(
            name: "BanterScenarioTests",
            dependencies: [
                "BanterCore", "BanterStore", "BanterLua", "BanterScript", "BanterChat", "BanterScenario",
                "BanterChatTestSupport",
                "BanterTestSupport",
            ]
        ),
        .testTarget(name: "BanterWatchTests", dependencies: ["BanterWatch", "BanterTestSupport"]),
        .testTarget(
            name: "BanterExternalTests",
            dependencies: ["BanterCore", "BanterLua", "BanterScript", "BanterExternal", "BanterTestSupport"]
        ),
        // The model client against the fixture server on loopback, and cassettes.
        .testTarget(
            name: "BanterModelsTests",
            dependencies: ["BanterCore", "BanterScript", "BanterModels", "BanterTestSupport"],
            // Started through #filePath by the tests, not bundled.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "BanterTestRunnerTests",
            dependencies: [
                "BanterCore", "BanterLua", "BanterScript", "BanterScenario", "BanterTestRunner", "BanterTestSupport",
            ]),
        .testTarget(
            name: "BanterTerminalTests",
            dependencies: [
                "BanterCore", "BanterLua", "BanterScript", "BanterChat", "BanterTerminal", "BanterTheme",
                "BanterTestSupport",
            ],
            resources: [.copy("Goldens")]
        ),
        .testTarget(
            name: "BanterExportTests",
            dependencies: ["BanterCore", "BanterExport", "BanterTheme", "BanterTestSupport"],
            resources: [.copy("Goldens")]
        ),
        .testTarget(
            name: "BanterConfigTests", dependencies: ["BanterCore", "BanterConfig", "BanterTheme", "BanterTestSupport"]),
        .testTarget(
            name: "BanterHistoryTests",
            dependencies: [
                "BanterCore", "BanterStore", "BanterHistory", "BanterTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // Read through #filePath, not bundled.
            exclude: ["Fixtures"]
        ),
        // The command-line entry point's own logic (`render`'s arguments read without the parser).
        .testTarget(
            name: "BanterCLITests",
            dependencies: [
                "banter", "BanterTheme", "BanterCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The module graph: every import declared in this file, every declaration imported.
        .testTarget(name: "ModuleGraphTests", dependencies: ["BanterTestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "BanterCore", "BanterStore", "BanterChat", "BanterTerminal", "BanterTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Scenario files the tests read from the repository, not compiled or bundled.
            exclude: ["Scenario/Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A file uses members only of the modules it imports itself (SE-0444), so that a module cannot
// reach into one it does not declare through the types another module hands it.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
