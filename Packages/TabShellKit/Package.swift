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
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
