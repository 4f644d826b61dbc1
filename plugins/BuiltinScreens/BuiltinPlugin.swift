import TabShellKit

/// The screens and layouts that come with TabShell, registered as the `built-in` plugin.
///
/// They are ordinary plugins: they use nothing of the core that a run-time plugin cannot.
public final class BuiltinPlugin: TabShellPlugin {
  public let name = "builtin"

  public init() {}

  public var screenTypes: [any ScreenType] {
    [
      TextScreenType(), PageScreenType(), PostScreenType(), LoggerScreenType(), TickerScreenType(),
    ]
  }

  public var layouts: [Layout] {
    [Layout.swipeable, Layout.xianyu, Layout.profile, Layout.lifecycle, Layout.demo]
  }
}
