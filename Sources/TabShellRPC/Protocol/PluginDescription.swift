/// What a process plugin says it provides, in its answer to `initialize`: its name, its screen
/// types (with their commands) and its layouts. docs/ProcessPlugins.md gives the JSON.
///
/// The nested types mirror the core's (`ScreenType`, `CommandDeclaration`, `Layout`) without
/// depending on it; the host's adapter maps one onto the other.
public struct PluginDescription: Equatable, Sendable {
  /// The plugin's name, as `plugins` lists it and as stderr lines are prefixed.
  public var name: String
  /// The screen types it provides.
  public var screenTypes: [ScreenType]
  /// The layouts it provides.
  public var layouts: [Layout]

  /// Makes a description.
  public init(name: String, screenTypes: [ScreenType] = [], layouts: [Layout] = []) {
    self.name = name
    self.screenTypes = screenTypes
    self.layouts = layouts
  }

  /// A kind of screen.
  public struct ScreenType: Equatable, Sendable {
    /// The name scripts use (`add-tab NAME`): lower-case letters, digits and `-`.
    public var name: String
    /// One line for `screens` and `help`.
    public var summary: String
    /// The title of a new screen when none is given.
    public var defaultTitle: String
    /// The bar icon of its tab.
    public var icon: String
    /// The bar icon of its tab when selected.
    public var selectedIcon: String
    /// Commands that work while a screen of this type is visible.
    public var commands: [Command]

    /// Makes a screen type; the defaults are those of the protocol.
    public init(
      name: String, summary: String = "", defaultTitle: String? = nil, icon: String = "•",
      selectedIcon: String? = nil, commands: [Command] = []
    ) {
      self.name = name
      self.summary = summary
      self.defaultTitle = defaultTitle ?? name.prefix(1).uppercased() + name.dropFirst()
      self.icon = icon
      self.selectedIcon = selectedIcon ?? icon
      self.commands = commands
    }
  }

  /// A screen command's declaration.
  public struct Command: Equatable, Sendable {
    /// The name scripts use.
    public var name: String
    /// Other names that run it.
    public var aliases: [String]
    /// The positional arguments, in order.
    public var arguments: [Argument]
    /// The `--options`.
    public var options: [Option]
    /// One line for `help`.
    public var abstract: String
    /// More, for `help NAME`.
    public var discussion: String

    /// Makes a command.
    public init(
      name: String, aliases: [String] = [], arguments: [Argument] = [], options: [Option] = [],
      abstract: String = "", discussion: String = ""
    ) {
      self.name = name
      self.aliases = aliases
      self.arguments = arguments
      self.options = options
      self.abstract = abstract
      self.discussion = discussion
    }
  }

  /// What kind of word an argument or an option's value takes.
  public enum ArgumentKind: Equatable, Sendable {
    /// A whole number; passed to the plugin as a JSON number.
    case integer
    /// Any word.
    case text
    /// One of these words.
    case choice([String])
    /// A tab: a position, an id or a title.
    case tab
    /// A screen type's name.
    case screenType
    /// A file's path.
    case path
  }

  /// A positional argument.
  public struct Argument: Equatable, Sendable {
    /// The name in usage lines, such as `N`.
    public var valueName: String
    /// What it takes.
    public var kind: ArgumentKind
    /// Whether it may be left out.
    public var isOptional: Bool
    /// Whether it takes every word that is left.
    public var isVariadic: Bool
    /// One line for `help NAME`.
    public var abstract: String

    /// Makes an argument.
    public init(
      valueName: String, kind: ArgumentKind, isOptional: Bool = false, isVariadic: Bool = false,
      abstract: String = ""
    ) {
      self.valueName = valueName
      self.kind = kind
      self.isOptional = isOptional
      self.isVariadic = isVariadic
      self.abstract = abstract
    }
  }

  /// An `--option`: a flag (``kind`` `nil`) or one that takes a value.
  public struct Option: Equatable, Sendable {
    /// The name with its dashes, such as `--by`.
    public var name: String
    /// What its value is; `nil` for a flag.
    public var kind: ArgumentKind?
    /// The value's name in usage lines.
    public var valueName: String
    /// One line for `help NAME`.
    public var abstract: String

    /// Makes an option.
    public init(name: String, kind: ArgumentKind?, valueName: String = "", abstract: String = "") {
      self.name = name
      self.kind = kind
      self.valueName = valueName
      self.abstract = abstract
    }
  }

  /// A named arrangement of tabs, for `layout NAME`.
  public struct Layout: Equatable, Sendable {
    /// The name scripts use.
    public var name: String
    /// One line for `help layout`.
    public var summary: String
    /// The tabs, left to right, as `add-tab` would add them.
    public var tabs: [Tab]
    /// The position (1-based) of the tab selected at the end; `nil`: the first.
    public var selected: Int?

    /// Makes a layout.
    public init(name: String, summary: String = "", tabs: [Tab], selected: Int? = nil) {
      self.name = name
      self.summary = summary
      self.tabs = tabs
      self.selected = selected
    }
  }

  /// One tab of a layout: the options of `add-tab`.
  public struct Tab: Equatable, Sendable {
    /// Its root screen's type.
    public var type: String
    /// Its id, or `nil` for one made from the type.
    public var id: String?
    /// Its title, or `nil` for the type's default.
    public var title: String?
    /// Its icon, or `nil` for the type's.
    public var icon: String?
    /// Its selected icon, or `nil` for the type's.
    public var selectedIcon: String?
    /// Parameters for the new screen (`screen/create`).
    public var parameters: [String: String]

    /// Makes a tab.
    public init(
      type: String, id: String? = nil, title: String? = nil, icon: String? = nil,
      selectedIcon: String? = nil, parameters: [String: String] = [:]
    ) {
      self.type = type
      self.id = id
      self.title = title
      self.icon = icon
      self.selectedIcon = selectedIcon
      self.parameters = parameters
    }
  }
}
