@_spi(Host) import TabShellKit
import TabShellRPC

extension PluginProcess {
  /// `screen/input`: whether the screen handled the input. Nothing is sent once the plugin is
  /// stopped, to a plugin that chose protocol version 1, or of a kind the protocol does not have
  /// (none of them is handled). A refusal
  /// queues the screen to be marked failed (`input failed: MESSAGE`), as a refused draw does; a
  /// fault stops the plugin, as for any call.
  func input(_ input: ScreenInput, to screen: ProcessScreen) -> Bool {
    guard let client, let value = input.protocolValue else { return false }
    do throws(PluginError) {
      return try client.input(screen: screen.id, value)
    } catch .refused(let error) {
      host.queueFailure(of: screen.id, message: "input failed: \(error.message)")
    } catch {
      _ = handle(error)
    }
    return false
  }
}
