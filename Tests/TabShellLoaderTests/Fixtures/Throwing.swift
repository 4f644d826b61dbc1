// A plugin whose screens fail: `throwing` throws from the callback named by its `fail` parameter
// (default viewDidLoad); `refused` refuses to be made at all.
import TabShellKit

struct FixtureError: Error, CustomStringConvertible {
  let description: String
}

final class ThrowingPlugin: TabShellPlugin {
  let name = "throwing"
  var screenTypes: [any ScreenType] { [ThrowingScreenType(), RefusedScreenType()] }
}

final class ThrowingScreenType: ScreenType {
  let name = "throwing"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    ThrowingScreen(failing: configuration.parameters["fail"] ?? "viewDidLoad")
  }
}

final class RefusedScreenType: ScreenType {
  let name = "refused"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    throw FixtureError(description: "no screen today")
  }
}

final class ThrowingScreen: Screen {
  let failing: String
  init(failing: String) { self.failing = failing }

  private func callback(_ name: String) throws {
    if name == failing { throw FixtureError(description: "\(name) went wrong") }
  }

  func viewDidLoad() throws { try callback("viewDidLoad") }
  func viewWillAppear() throws { try callback("viewWillAppear") }
  func viewDidAppear() throws { try callback("viewDidAppear") }
  func viewWillDisappear() throws { try callback("viewWillDisappear") }
  func viewDidDisappear() throws { try callback("viewDidDisappear") }
}

@_cdecl("tabshell_plugin_abi_version")
public func abiVersion() -> Int32 { tabShellPluginABIVersion }

@_cdecl("tabshell_plugin_create")
public func create() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(ThrowingPlugin() as AnyObject).toOpaque()
}
