@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// A screen type whose screens take input and keep what they got.
private final class KeyedType: ScreenType {
  let name = "keyed"
  var takesInput: Bool { true }
  var made: [KeyedScreen] = []
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    let screen = KeyedScreen(context: configuration.context)
    made.append(screen)
    return screen
  }
}

private final class KeyedScreen: Screen {
  let context: ScreenContext
  var inputs: [ScreenInput] = []
  init(context: ScreenContext) { self.context = context }
  func handle(_ input: ScreenInput) -> Bool {
    inputs.append(input)
    if case .key(Key("+")) = input { context.setBadge("plus") }
    if case .key(let key) = input { return key != Key(.f12) }
    return true
  }
}

private final class KeyedPlugin: TabShellPlugin {
  let name = "keyed"
  let type = KeyedType()
  var screenTypes: [any ScreenType] { [type] }
}

@Suite("Input to screens")
struct ScreenInputTests {
  private func shell() throws -> (Shell, KeyedType) {
    let plugin = KeyedPlugin()
    let (shell, _) = try makeShell(tabs: ["a"]) { shell in
      try shell.register(plugin, source: "test")
      try shell.send(.addTab(NewTab(NewScreen(type: "keyed", id: "k"))))
    }
    return (shell, plugin.type)
  }

  @Test func theVisibleScreenGetsInputAndSaysWhetherItHandledIt() throws {
    let (shell, type) = try shell()
    try shell.send(.tap("k"))
    #expect(shell.visibleScreenTakesInput)
    #expect(try shell.send(.input(.key(named: "Up"), to: nil)) == .input(handled: true))
    #expect(try shell.send(.input(.key(named: "F12"), to: nil)) == .input(handled: false))
    let click = MouseInput(.press, button: 1, column: 3, row: 2, modifiers: [.control])
    try shell.send(.input(.mouse(click), to: "k"))
    try shell.send(.input(.text("a\nb", isPaste: true), to: "k"))
    #expect(
      type.made.first?.inputs
        == [.key(named: "Up"), .key(named: "F12"), .mouse(click), .text("a\nb", isPaste: true)])
    #expect(click.modifiers.names == ["control"])
  }

  @Test func requestsMadeWhileHandlingRunAfterIt() throws {
    let (shell, _) = try shell()
    try shell.send(.tap("k"))
    try shell.send(.input(.key(named: "+"), to: nil))
    #expect(shell.tab(at: 2)?.item.badge == "plus")
  }

  @Test func screensThatTakeNoInputOrDoNotExistAreRefusedNamed() throws {
    let (shell, _) = try shell()
    #expect(shell.takesInput(screen: "k") && !shell.takesInput(screen: "a"))
    #expect(throws: ShellError.takesNoInput(screen: "a")) {
      try shell.send(.input(.key(named: "Up"), to: nil))
    }
    #expect(throws: ShellError.noSuchScreen("zz")) {
      try shell.send(.input(.key(named: "Up"), to: "zz"))
    }
    #expect(throws: ShellError.notLoaded(screen: "k")) {
      try shell.send(.input(.key(named: "Up"), to: "k"))
    }
    #expect(ShellError.takesNoInput(screen: "a").description == "screen 'a' takes no input")
  }
}

@Suite("A screen's way back to a shell that went")
struct OwnerLinkTests {
  private final class Owner {
    lazy var link = OwnerLink(self)
    deinit { link.clear() }
  }

  @Test func aLinkIsEmptiedWhenItsObjectGoes() {
    var owner: Owner? = Owner()
    let link = owner!.link
    #expect(link.object === owner)
    owner = nil
    #expect(link.object == nil)
  }

  /// A plugin may keep a screen's context after the shell went (the context reaches the shell
  /// through the shell's link, not a weak reference): its requests are dropped, as a gone screen's.
  @Test func aContextKeptAfterItsShellWentDropsItsRequests() throws {
    let plugin = KeyedPlugin()
    var shell: Shell? = try makeShell(tabs: ["a"]) { shell in
      try shell.register(plugin, source: "test")
      try shell.send(.addTab(NewTab(NewScreen(type: "keyed", id: "k"))))
    }.0
    let context = try #require(plugin.type.made.first?.context)
    #expect(context.shell === shell)
    weak let gone = shell
    shell = nil
    #expect(gone == nil)
    // The shell's link was emptied as it went: the context reaches nothing.
    #expect(context.shell == nil)
    context.setBadge("after")
    context.setNeedsDisplay()
    context.bell()
  }
}
