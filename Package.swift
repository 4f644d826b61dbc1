// swift-tools-version: 6.0
// TabShell: a tab bar, as iOS apps have it, turned into a scriptable shell.
//
// Dependencies flow one way:
//   TabShellKit (the core: its own package, one dynamic library shared by the host and every plugin)
//   ← BuiltinScreens (plugins/) and TabShellRendering, TabShellLoader
//   ← TabShellLanguage (parser, commands, interpreter)
//   ← TabShellCLI (command line, batch runs, the readline REPL) ← tabshell (main).
import PackageDescription

let kit = Target.Dependency.product(name: "TabShellKit", package: "TabShellKit")

let package = Package(
  name: "TabShell",
  products: [
    .executable(name: "tabshell", targets: ["tabshell"])
  ],
  dependencies: [
    .package(path: "Packages/TabShellKit")
  ],
  targets: [
    .target(name: "BuiltinScreens", dependencies: [kit], path: "plugins/BuiltinScreens"),
    .target(name: "TabShellRendering", dependencies: [kit]),
    .target(name: "TabShellLoader", dependencies: [kit]),
    // Process plugins' transport: JSON, a child process with line framing, JSON-RPC 2.0 and the
    // plugin protocol's messages. Knows nothing of the core.
    .target(name: "TabShellRPC"),
    .target(name: "TabShellLanguage", dependencies: [kit, "TabShellRendering", "TabShellLoader"]),
    .systemLibrary(name: "CReadline"),
    .target(
      name: "TabShellCLI",
      dependencies: [
        kit, "TabShellLanguage", "TabShellRendering", "TabShellLoader", "BuiltinScreens",
        "CReadline",
      ]
    ),
    .executableTarget(name: "tabshell", dependencies: ["TabShellCLI"]),
    // Helpers shared by the test targets: the event log and a seeded generator.
    .target(name: "TestSupport", dependencies: [kit], path: "Tests/TestSupport"),
    .testTarget(name: "TabShellKitTests", dependencies: [kit, "BuiltinScreens", "TestSupport"]),
    .testTarget(
      name: "TabShellLanguageTests",
      dependencies: [kit, "TabShellLanguage", "BuiltinScreens", "TestSupport"]),
    // The command line in process and as a binary, the REPL's parts, and the transcripts.
    .testTarget(
      name: "TabShellCLITests",
      dependencies: [kit, "TabShellLanguage", "TabShellCLI", "BuiltinScreens"]
    ),
    .testTarget(
      name: "TabShellRenderingTests",
      dependencies: [kit, "TabShellRendering", "BuiltinScreens", "TestSupport"],
      // Checked-in snapshots, found by the tests through #filePath.
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "TabShellLoaderTests",
      dependencies: [kit, "TabShellLoader", "TabShellLanguage", "TestSupport"],
      // Sources of test plugins, built by the tests themselves into shared objects.
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "TabShellRPCTests", dependencies: ["TabShellRPC"]),
    // Runs the built `tabshell` binary on bad input, signals and interrupted writes.
    .testTarget(name: "RobustnessTests", dependencies: ["TabShellCLI", "TestSupport"]),
    // Prints the renderer's figures for scripts/bench; not a test.
    .executableTarget(
      name: "RenderBench", dependencies: [kit, "TabShellRendering", "BuiltinScreens"],
      path: "Benchmarks/RenderBench"
    ),
    // Prints the process-plugin transport's figures (round trips to the Python example); not a test.
    .executableTarget(
      name: "RPCBench", dependencies: ["TabShellRPC"], path: "Benchmarks/RPCBench"
    ),
    // A helper of RobustnessTests: rewrites a history file until it is killed.
    .executableTarget(
      name: "tabshell-history-writer", dependencies: ["TabShellCLI"],
      path: "Tests/RobustnessHelpers/HistoryWriter"
    ),
  ],
  swiftLanguageModes: [.v6]
)
