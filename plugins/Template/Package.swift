// swift-tools-version: 6.0
// The Template TabShell plugin. Build it with `swift build` in this folder, then load
// .build/debug/libTemplate.so with `tabshell --plugin PATH`, `load PATH`, or by copying it into
// ~/.local/share/tabshell/plugins/.
import PackageDescription

let package = Package(
  name: "Template",
  products: [
    // A dynamic library: the shared object that tabshell loads.
    .library(name: "Template", type: .dynamic, targets: ["Template"])
  ],
  dependencies: [
    // The TabShell core, the one module a plugin imports. At run time the host's copy is used.
    .package(path: "../../Packages/TabShellKit")
  ],
  targets: [
    .target(
      name: "Template",
      dependencies: [.product(name: "TabShellKit", package: "TabShellKit")]
    )
  ],
  swiftLanguageModes: [.v6]
)
