// swift-tools-version: 6.0
// TabShell: a tab bar, as iOS apps have it, turned into a scriptable shell.
//
// Dependencies flow one way (scripts/check-modules prints the graph and fails on an import that a
// target does not declare, or a cycle):
//   TabShellKit (the core: its own package, one dynamic library shared by the host and every plugin)
//   ← BuiltinScreens (plugins/), TabShellRendering, TabShellTerminalScreen (the `terminal` type)
//   ← TabShellLanguage (parser, commands, interpreter), over TabShellLoader ← TabShellRPC ← TabShellJSON
//   ← TabShellHost (context, options, signals, readline's bridge, history, how a shell starts)
//   ← TabShellFullScreen ← TabShellREPL ← TabShellSessionServer (beside TabShellSessions, its protocol)
//   ← TabShellCommandLine (only dispatches; TabShellTestRunner beside the others) ← tabshell-host.
//   tabshell (the session commands, else it runs tabshell-host) needs TabShellSessions only.
//   TabShellTerminal (the full-screen mode's terminal layer) needs TabShellRendering only;
//   TabShellRPC and TabShellSessions know nothing of the core.
// The core does no I/O. Every host module reaches the C library only through TabShellPlatform's
// Swift functions and types, which do not re-export it (scripts/check-platform keeps it so); the
// other C modules are the readline shim CReadline and the libvterm shim CVTerm (for
// TabShellTerminalScreen, the `terminal` screen type, which the host registers as built in).
import PackageDescription

let kit = Target.Dependency.product(name: "TabShellKit", package: "TabShellKit")

/// As the core's: release builds of the modules on a key's and a frame's way skip the run-time
/// exclusivity checks of class properties (about a hundred a key a terminal tab echoes, each
/// costing more than what it guards: 15% of the key's instructions); debug builds and the tests
/// keep them.
let releaseSkipsExclusivityChecks: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

/// As the core's: the shell's modules do without the two modules Swift imports into every file
/// unless told not to, _StringProcessing (regular expressions, and the searches `contains`,
/// `firstRange(of:)` and `replacing(_:with:)` by a string) and _Concurrency (tasks, `async`,
/// `ContinuousClock`), in every configuration. A process whose modules import neither does not
/// load their libraries (libswift_StringProcessing, libswift_RegexParser, libswift_Concurrency,
/// and libdispatch and libBlocksRuntime under it), which are 1.9 MB of resident memory in every
/// shell (docs/Performance.md). The modules of the two executables have it; the benchmarks' and
/// the tests' own modules (the test targets, TestSupport, the helper programs) keep both imports:
/// Swift Testing and XCTest need _Concurrency.
let withoutImplicitImports: [SwiftSetting] = [
  .unsafeFlags([
    "-Xfrontend", "-disable-implicit-string-processing-module-import",
    "-Xfrontend", "-disable-implicit-concurrency-module-import",
  ])
]

/// The release link of the shell lays out together the functions a key runs (listed in
/// Sources/tabshell/hot-symbols.txt by scripts/hot-symbols, the costliest first): nearly each of
/// their instructions runs once a key, fetched again from far caches after each wait. Together
/// they take 78 pages instead of 119, for 5 to 10% less CPU a key a terminal tab echoes (the
/// core's library is ordered the same way; docs/Performance.md, "A seventh pass"). lld takes such
/// a list by symbol (gold, the default, took the same list by section and did nothing with it); a
/// name the binary no longer has is passed over. SwiftPM does not count the list as an input of
/// the link.
let hotFunctionsTogether: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-use-ld=lld", "-Xlinker",
      "--symbol-ordering-file=\(Context.packageDirectory)/Sources/tabshell/hot-symbols.txt",
      "-Xlinker", "--no-warn-symbol-ordering",
    ], .when(configuration: .release))
]

let package = Package(
  name: "TabShell",
  products: [
    // `tabshell` runs the session commands, and `tabshell-host` (the shell) for the rest.
    .executable(name: "tabshell", targets: ["tabshell"]),
    .executable(name: "tabshell-host", targets: ["tabshell-host"]),
  ],
  dependencies: [
    .package(path: "Packages/TabShellKit")
  ],
  targets: [
    .target(
      name: "BuiltinScreens", dependencies: [kit], path: "plugins/BuiltinScreens",
      swiftSettings: withoutImplicitImports),
    // The C library calls Swift cannot make (variadic ones), wrapped for TabShellPlatform.
    .systemLibrary(name: "CPlatform"),
    .target(
      name: "TabShellPlatform", dependencies: ["CPlatform"],
      // A terminal tab's reads and writes, three exclusivity checks a key.
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports),
    .target(
      name: "TabShellRendering", dependencies: [kit, "TabShellPlatform"],
      swiftSettings: withoutImplicitImports),
    // JSON values, their parser and their serializer: what process plugins and sessions speak.
    .target(
      name: "TabShellJSON", dependencies: ["TabShellPlatform"],
      swiftSettings: withoutImplicitImports),
    // Process plugins' transport: a child process with line framing, JSON-RPC 2.0 and the plugin
    // protocol's messages. The line buffer and the JSON-RPC classifier are sessions' too. Knows
    // nothing of the core; reaches the system through TabShellPlatform.
    .target(
      name: "TabShellRPC", dependencies: ["TabShellPlatform", "TabShellJSON"],
      swiftSettings: withoutImplicitImports),
    // Sessions' sockets, methods and frames (docs/Sessions.md), for the server and the clients:
    // knows nothing of the core.
    .target(
      name: "TabShellSessions", dependencies: ["TabShellPlatform", "TabShellRPC", "TabShellJSON"],
      swiftSettings: withoutImplicitImports),
    // Loading plugins: shared objects (dlopen), and process plugins adapted to the core.
    .target(
      name: "TabShellLoader",
      dependencies: [kit, "TabShellPlatform", "TabShellRPC", "TabShellJSON"],
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports),
    // The full-screen mode's terminal layer: input decoding, the cell grid, frame diffs, raw mode.
    .target(
      name: "TabShellTerminal", dependencies: [kit, "TabShellPlatform", "TabShellRendering"],
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports),
    .target(
      name: "TabShellLanguage",
      dependencies: [
        kit, "TabShellPlatform", "TabShellRendering", "TabShellLoader", "TabShellJSON",
      ],
      // The interpreter's view and state, several accesses a command.
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports),
    .systemLibrary(name: "CReadline"),
    // libvterm (Debian's libvterm-dev), the emulator of terminal tabs.
    .systemLibrary(name: "CVTerm"),
    // The `terminal` screen type: a program in a pseudo-terminal, shown through libvterm.
    .target(
      name: "TabShellTerminalScreen",
      dependencies: [kit, "TabShellPlatform", "TabShellTerminal", "CVTerm"],
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports),
    // The edge of the house, one module a program, each importing only what is below it
    // (scripts/check-modules prints the graph and fails on a cycle or an import from above).
    // The host: the process's context and options, signals, readline's bridge and the history,
    // and how a shell starts (the interpreter, the built-in plugin, the start-up file).
    .target(
      name: "TabShellHost",
      dependencies: [
        kit, "TabShellPlatform", "TabShellLanguage", "TabShellRendering", "TabShellLoader",
        "TabShellRPC", "BuiltinScreens", "CReadline", "TabShellTerminalScreen", "TabShellSessions",
        "TabShellTerminal",
      ],
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports
    ),
    // The full-screen mode: the focuses, the keys and the mouse, the frame, the output panel.
    .target(
      name: "TabShellFullScreen",
      dependencies: [
        kit, "TabShellHost", "TabShellLanguage", "TabShellPlatform", "TabShellRendering",
        "TabShellTerminal", "CReadline", "TabShellTerminalScreen",
      ],
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports
    ),
    // The line REPL, which can hand its session to the full-screen mode and take it back.
    .target(
      name: "TabShellREPL",
      dependencies: [
        kit, "TabShellHost", "TabShellFullScreen", "TabShellLanguage", "TabShellPlatform",
        "TabShellRendering", "TabShellTerminal", "CReadline",
      ],
      swiftSettings: releaseSkipsExclusivityChecks + withoutImplicitImports
    ),
    // A session's server (docs/Sessions.md), beside its protocol: the shell with its clients.
    .target(
      name: "TabShellSessionServer",
      dependencies: [
        kit, "TabShellHost", "TabShellFullScreen", "TabShellREPL", "TabShellSessions",
        "TabShellLanguage", "TabShellLoader", "TabShellPlatform", "TabShellRPC", "TabShellJSON",
        "TabShellRendering", "TabShellTerminal", "CReadline",
      ],
      swiftSettings: withoutImplicitImports
    ),
    // `tabshell test`: finds scripts, runs each in a child, reports (lines, TAP, JUnit).
    .target(
      name: "TabShellTestRunner",
      dependencies: ["TabShellHost", "TabShellLanguage", "TabShellPlatform", "TabShellRendering"],
      swiftSettings: withoutImplicitImports
    ),
    // The command line: parses it and hands it to the program it names. Only dispatches.
    .target(
      name: "TabShellCommandLine",
      dependencies: [
        kit, "TabShellHost", "TabShellREPL", "TabShellSessionServer", "TabShellTestRunner",
        "TabShellSessions", "TabShellLanguage", "TabShellLoader", "TabShellPlatform",
        "TabShellRendering", "TabShellTerminal",
      ],
      swiftSettings: withoutImplicitImports
    ),
    // The shell: REPL, scripts, plugins, sessions' servers (dynamic: plugins share its core).
    .executableTarget(
      name: "tabshell-host",
      dependencies: ["TabShellCommandLine", "TabShellHost", "TabShellPlatform"],
      path: "Sources/tabshell", exclude: ["hot-symbols.txt"],
      swiftSettings: withoutImplicitImports, linkerSettings: hotFunctionsTogether),
    // `tabshell`: the session commands (`send`, `sessions`, `kill-session`, `attach`) run here,
    // with no core and no plugins, linked as one static executable (the Swift runtime and the C
    // library in it, per target; never the global --static-swift-stdlib), so that it starts as fast
    // as tmux: 1.3 ms against 2.9 ms with only the Swift runtime linked in, which every command
    // line paid before being handed on. It is linked by lld: gold warns of the C library's dlopen
    // in a static executable. Any other command line is run by `tabshell-host` beside it, in the
    // same process.
    .executableTarget(
      name: "tabshell", dependencies: ["TabShellSessions", "TabShellPlatform"],
      path: "Sources/TabShellClient", swiftSettings: withoutImplicitImports,
      linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"])]),
    // Helpers shared by the test targets: the event log and a seeded generator.
    .target(
      name: "TestSupport",
      dependencies: [kit, "BuiltinScreens", "TabShellLanguage", "TabShellRendering"],
      path: "Tests/TestSupport"),
    .testTarget(name: "TabShellKitTests", dependencies: [kit, "BuiltinScreens", "TestSupport"]),
    .testTarget(
      name: "TabShellLanguageTests",
      dependencies: [
        kit, "TabShellLanguage", "TabShellLoader", "BuiltinScreens", "TabShellPlatform",
        "TabShellRendering", "TestSupport",
      ]
    ),
    // The command line in process and as a binary, the REPL's parts, and the transcripts.
    .testTarget(
      name: "TabShellCLITests",
      dependencies: [
        kit, "TabShellLanguage", "TabShellHost", "TabShellFullScreen", "TabShellREPL",
        "TabShellSessionServer", "TabShellTestRunner", "TabShellCommandLine", "TabShellLoader",
        "BuiltinScreens", "TabShellPlatform", "TestSupport", "TabShellTerminalScreen",
        "TabShellSessions", "TabShellRPC", "TabShellJSON", "TabShellTerminal", "TabShellRendering",
        "CVTerm", "CReadline",
      ]
    ),
    .testTarget(
      name: "TabShellRenderingTests",
      dependencies: [kit, "TabShellRendering", "BuiltinScreens", "TestSupport"],
      // Checked-in snapshots, found by the tests through #filePath.
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "TabShellLoaderTests",
      dependencies: [
        kit, "TabShellLoader", "TabShellLanguage", "TabShellRPC", "TabShellRendering",
        "TestSupport",
      ],
      // Sources of test plugins, built by the tests themselves into shared objects.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "TabShellRPCTests", dependencies: ["TabShellRPC", "TabShellJSON", "TestSupport"]),
    .testTarget(
      name: "TabShellSessionsTests",
      dependencies: ["TabShellSessions", "TabShellRPC", "TabShellPlatform"]),
    .testTarget(
      name: "TabShellTerminalTests",
      dependencies: [kit, "TabShellTerminal", "TabShellRendering", "TestSupport"]
    ),
    // Runs the built `tabshell` binary on bad input, signals and interrupted writes.
    .testTarget(name: "RobustnessTests", dependencies: ["TabShellHost", "TestSupport"]),
    // Prints the renderer's figures for scripts/bench; not a test.
    .executableTarget(
      name: "RenderBench", dependencies: [kit, "TabShellRendering", "BuiltinScreens"],
      path: "Benchmarks/RenderBench"
    ),
    // Prints the process plugins' figures (round trips to the Python example, tab switches and a
    // fault through the shell); not a test.
    .executableTarget(
      name: "RPCBench",
      dependencies: [kit, "TabShellRPC", "TabShellJSON", "TabShellLoader", "TabShellRendering"],
      path: "Benchmarks/RPCBench"
    ),
    // Prints the terminal layer's figures (frame encode, diffs); not a test.
    .executableTarget(
      name: "TerminalBench", dependencies: ["TabShellTerminal", "TabShellRendering"],
      path: "Benchmarks/TerminalBench"
    ),
    // A helper of TabShellTerminalTests: enters the full-screen mode, then crashes or is killed.
    .executableTarget(
      name: "tabshell-terminal-crasher", dependencies: ["TabShellTerminal"],
      path: "Tests/RobustnessHelpers/TerminalCrasher"
    ),
    // A helper of RobustnessTests: rewrites a history file until it is killed.
    .executableTarget(
      name: "tabshell-history-writer", dependencies: ["TabShellHost", "TabShellPlatform"],
      path: "Tests/RobustnessHelpers/HistoryWriter"
    ),
  ],
  swiftLanguageModes: [.v6]
)
