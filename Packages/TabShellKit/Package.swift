// swift-tools-version: 6.0
// The TabShell core: everything a plugin author imports. Built as one dynamic library, shared by the
// host and every plugin, with library evolution so that additive changes keep built plugins working.
import PackageDescription

let package = Package(
  name: "TabShellKit",
  products: [
    .library(name: "TabShellKit", type: .dynamic, targets: ["TabShellKit"])
  ],
  targets: [
    .target(
      name: "TabShellKit",
      swiftSettings: [
        .unsafeFlags(["-enable-library-evolution"]),
        // Release builds skip the run-time exclusivity checks of class properties, a third of the
        // cost of a transaction; debug builds and the tests keep them.
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        // Without the modules Swift imports into every file unless told not to, _StringProcessing
        // and _Concurrency, in every configuration: the core, loaded by every TabShell process,
        // does not bring in their libraries (libswift_StringProcessing, libswift_RegexParser,
        // libswift_Concurrency, and libdispatch and libBlocksRuntime under it), 1.9 MB of
        // resident memory. A plugin may still import them itself.
        .unsafeFlags([
          "-Xfrontend", "-disable-implicit-string-processing-module-import",
          "-Xfrontend", "-disable-implicit-concurrency-module-import",
        ]),
      ],
      // The release link lays out together the functions a key runs (hot-symbols.txt, written by
      // the shell's scripts/hot-symbols; lld takes the list by symbol, gold, the default, not at
      // all): fewer pages of code for a key to fetch again after a wait (the shell's
      // docs/Performance.md, "A seventh pass"). A name the library no longer has is passed over.
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker",
            "--symbol-ordering-file=\(Context.packageDirectory)/hot-symbols.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(configuration: .release))
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
