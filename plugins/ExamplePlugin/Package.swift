// swift-tools-version: 6.0
// An example TabShell plugin: the `counter` screen. Build it with
//   swift build --package-path plugins/ExamplePlugin
// and load .build/debug/libExamplePlugin.so with `tabshell --plugin PATH` or `load PATH`.
import PackageDescription

let package = Package(
  name: "ExamplePlugin",
  products: [
    // A dynamic library: the shared object that tabshell loads.
    .library(name: "ExamplePlugin", type: .dynamic, targets: ["ExamplePlugin"])
  ],
  dependencies: [
    // The core, the one module a plugin imports. At run time the host's copy is used.
    .package(path: "../../Packages/TabShellKit")
  ],
  targets: [
    .target(
      name: "ExamplePlugin",
      dependencies: [.product(name: "TabShellKit", package: "TabShellKit")]
    )
  ],
  swiftLanguageModes: [.v6]
)
