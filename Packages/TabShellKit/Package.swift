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
        .unsafeFlags(["-enable-library-evolution"])
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
