import Foundation
import Testing

/// `docs/PluginGuide.md` lists the argument kinds, the `Canvas` calls and the `ScreenContext`
/// requests by hand; these tests read the core's sources and fail when a list and the code differ,
/// either way. They also keep the guide and the DocC article from saying the same thing twice.
@Suite struct PluginGuideTests {
  /// A table of the guide and the type whose public members it lists, one row each.
  struct Table: CustomTestStringConvertible, Sendable {
    var heading: String
    var type: String
    var testDescription: String { "\(heading) lists \(type)" }
  }

  @Test(arguments: [
    Table(heading: "### Argument kinds", type: "ArgumentKind"),
    Table(heading: "### Drawing: Canvas", type: "Canvas"),
    Table(heading: "### Requests: ScreenContext", type: "ScreenContext"),
  ])
  func theTableListsEveryPublicMember(_ table: Table) throws {
    let guide = try Repository.read("docs/PluginGuide.md")
    let documented = Markdown.firstColumnNames(in: Markdown.section(table.heading, of: guide))
    let declared = try CoreSources.publicMembers(of: table.type)
    #expect(!declared.isEmpty)
    #expect(documented.sorted() == declared.sorted())
  }

  @Test func everyKindListIsTheSame() throws {
    let kinds = try CoreSources.publicMembers(of: "ArgumentKind").sorted()
    let protocolPage = try Repository.read("docs/ProcessPlugins.md")
    let receives = Markdown.section("## 6. The description", of: protocolPage)
      .drop { !$0.hasPrefix("**Kinds**") }.dropFirst().prefix { !$0.hasPrefix("**") }
    #expect(Markdown.firstColumnNames(in: Array(receives)).sorted() == kinds)
    // The Python kit's own list: KINDS = ("integer", "text", ...).
    let kit = try Repository.read("plugins/python/tabshell_plugin.py")
    let line = kit.split(separator: "\n").first { $0.hasPrefix("KINDS = (") } ?? ""
    let pythonKinds = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
    #expect(pythonKinds.sorted() == kinds)
  }

  /// A screen's request is defined once, as ``ScreenRequest``: the context's short forms, the
  /// protocol's `host/…` methods (which the host reads into it) and the Python kit's calls are the
  /// same list.
  @Test func everyRequestIsTheSameInEachPlace() throws {
    let requests = try CoreSources.publicMembers(of: "ScreenRequest")
    #expect(requests.contains("setBadge") && requests.contains("setNeedsDisplay"))
    let context = try CoreSources.publicMembers(of: "ScreenContext")
    let timers: Set<String> = ["after", "every", "shortestInterval", "timerLimit"]
    #expect(
      context.subtracting(["send", "onShouldSelect", "screenID"]).subtracting(timers) == requests)
    func hostMethods(in text: String) -> Set<String> {
      Set(text.matches(of: /host\/(\w+)/).map { String($0.output.1) })
    }
    let protocolPage = try Repository.read("docs/ProcessPlugins.md")
    let table = Markdown.section("## 11. Requests to the host", of: protocolPage)
    #expect(hostMethods(in: table.joined(separator: "\n")) == requests)
    #expect(hostMethods(in: try Repository.read("plugins/python/tabshell_plugin.py")) == requests)
  }

  @Test(arguments: ["Screen", "ScreenType", "TabShellPlugin"])
  func theGuideNamesEveryRequirement(of type: String) throws {
    let guide = try Repository.read("docs/PluginGuide.md")
    let part = Markdown.section("## A Swift plugin, part by part", of: guide)
      .joined(separator: "\n")
    let requirements = try CoreSources.publicMembers(of: type)
    #expect(!requirements.isEmpty)
    let missing = requirements.filter { !part.contains("`\($0)`") && !part.contains("`\($0)(") }
    #expect(missing.sorted() == [])
  }

  @Test func setBadgeWithNilClearsTheBadge() throws {
    let guide = try Repository.read("docs/PluginGuide.md")
    let context = try Repository.read(
      "Packages/TabShellKit/Sources/TabShellKit/Plugin/ScreenContext.swift")
    let takesNil = context.contains("public func setBadge(_ value: String?)")
    let saysSo = guide.contains("`setBadge(nil)` clears it")
    #expect(takesNil, "ScreenContext.setBadge no longer takes a String?")
    #expect(saysSo, "the guide does not say that setBadge(nil) clears the badge")
  }

  /// No line of prose or code (40 characters or more) is in both the guide and another page.
  @Test(arguments: [
    "Packages/TabShellKit/Sources/TabShellKit/TabShellKit.docc/WritingAPlugin.md",
    "docs/ProcessPlugins.md",
    "README.md",
  ])
  func noLineIsInTheGuideAndIn(_ page: String) throws {
    func lines(_ text: String) -> Set<String> {
      Set(
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
          .filter { $0.count >= 40 && !$0.hasPrefix("|---") })
    }
    let guide = lines(try Repository.read("docs/PluginGuide.md"))
    let other = lines(try Repository.read(page))
    #expect(guide.intersection(other).sorted() == [])
  }
}

/// Files of this repository, found from this file's path.
enum Repository {
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }
}

/// Just enough Markdown for the guide's tables.
enum Markdown {
  /// The lines under a heading and its subheadings, up to the next heading of its level or
  /// higher (a `#` in fenced code is not a heading).
  static func section(_ heading: String, of text: String) -> [String] {
    let level = heading.prefix { $0 == "#" }.count
    var lines: [String] = []
    var inside = false
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") { fenced.toggle() }
      if !fenced, line.hasPrefix("#") {
        if inside, line.prefix(while: { $0 == "#" }).count <= level { break }
        if line == heading {
          inside = true
          continue
        }
      }
      if inside { lines.append(line) }
    }
    return lines
  }

  /// The name in the first cell of each table row that starts with code: `` `.choice([…])` `` is
  /// `choice`, `` `write(_:row:…)` `` is `write`.
  static func firstColumnNames(in lines: [String]) -> [String] {
    lines.compactMap { line in
      guard line.hasPrefix("| `") else { return nil }
      let code = line.dropFirst(3).drop { $0 == "." }
      let name = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return name.isEmpty ? nil : String(name)
    }
  }
}

/// The core's public API as its source declares it.
enum CoreSources {
  static let directory = "Packages/TabShellKit/Sources/TabShellKit"

  /// The names of the members a type declares, in its declaration and its extensions, in every file
  /// of the core: its `public` functions and properties (a protocol's requirements), not its
  /// initializers, not those of types nested in it, not `@_spi(Host)` ones.
  static func publicMembers(of type: String) throws -> Set<String> {
    let opening = try Regex(
      #"^(?:public |final |@\w+ )*(?:class|struct|enum|protocol|extension) "# + type + #"\b"#)
    let member = try Regex(
      #"^  (?:public )?(?:private\(set\) )?(?:(?:static|mutating|nonisolated) )*"#
        + #"(?:func|var|let) (\w+)"#)
    var names: Set<String> = []
    let folder = Repository.root.appendingPathComponent(directory)
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      var inside = false
      var isProtocol = false
      var previous = ""
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let line = String(line)
        if !inside, line.firstMatch(of: opening) != nil {
          inside = true
          isProtocol = line.contains("protocol ")
        } else if inside, line == "}" {
          inside = false
        } else if inside, !line.contains("@_spi"), !previous.contains("@_spi"),
          isProtocol || line.hasPrefix("  public "), let match = line.firstMatch(of: member),
          let name = match.output[1].substring
        {
          names.insert(String(name))
        }
        if !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") { previous = line }
      }
    }
    return names
  }
}
