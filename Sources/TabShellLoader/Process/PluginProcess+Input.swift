@_spi(Host) import TabShellKit
import TabShellRPC

extension PluginProcess {
  /// `screen/input`: whether the screen handled the input. Nothing is sent once the plugin is
  /// stopped, to a plugin that chose protocol version 1, or of a kind the protocol does not have
  /// (none of them is handled). A text too long for one line goes in pieces, in order (handled
  /// when one of them was: ``ScreenInput/protocolValues(fitting:screen:)``). A refusal
  /// queues the screen to be marked failed (`input failed: MESSAGE`), as a refused draw does; a
  /// fault stops the plugin, as for any call.
  func input(_ input: ScreenInput, to screen: ProcessScreen) -> Bool {
    guard let client else { return false }
    let values = input.protocolValues(
      fitting: client.connection.limits.maxLineBytes, screen: screen.id)
    do throws(PluginError) {
      if values.count <= 1 {
        guard let value = values.first else { return false }
        return try client.input(screen: screen.id, value)
      }
      var handled = false
      for answer in try client.inputs(values.map { (screen.id, $0) }) {
        switch answer {
        case .success(let flag): handled = handled || flag
        case .failure(let error): throw PluginError.refused(error)
        }
      }
      return handled
    } catch .refused(let error) {
      host.queueFailure(of: screen.id, message: "input failed: \(error.message)")
    } catch {
      _ = handle(error)
    }
    return false
  }
}
