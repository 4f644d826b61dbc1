import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The reports of `tabshell test` that CI systems read: JUnit XML, parsed here with a real XML
/// parser, and TAP version 13, checked against TAP's rules.
@Suite struct TestReportTests {
  /// Scripts that pass, fail with awkward text, have a syntax error, and differ from their
  /// expected output.
  static let scripts: [String: String] = [
    "pass.tabsh": "add-tab text\nexpect tabs 1\nexpect bar shown\n",
    "fail.tabsh":
      "add-tab text --title 'a<b>&\"c\"'\necho 'out\u{1B}[31m'\nexpect title 1 \"x\u{1B}y\u{7}\"\n",
    "sub/syntax.tabsh": "swip left\n",
    "golden.tabsh": "echo one\n",
    "golden.stdout": "two\n",
  ]

  func withScripts(_ body: (String) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tabshell-reports-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (path, text) in Self.scripts {
      let file = folder + "/" + path
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    try body(folder)
  }

  /// The elements of an XML document, with their attributes and text, in document order.
  final class Elements: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var text = ""
    }

    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let index = open.last { elements[index].text += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }
  }

  @Test func theJUnitReportIsXMLThatSaysWhatFailedAndWhere() throws {
    try withScripts { folder in
      let result = try BinaryTests().run(["test", "--junit", "out/report.xml"], directory: folder)
      #expect(result.status == 2)
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/report.xml"))
      let parser = XMLParser(data: data)
      let elements = Elements()
      parser.delegate = elements
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
      let suites = elements.elements.filter { $0.name == "testsuite" }
      #expect(suites.count == 1)
      #expect(suites.first?.attributes["tests"] == "4")
      #expect(suites.first?.attributes["failures"] == "2")
      #expect(suites.first?.attributes["errors"] == "1")
      let cases = elements.elements.filter { $0.name == "testcase" }
      #expect(
        cases.map { $0.attributes["name"] ?? "" } == [
          "fail.tabsh", "golden.tabsh", "pass.tabsh", "sub/syntax.tabsh",
        ])
      // The junit-10 schema has no `file` nor `line` (the place is in the message), nor
      // `assertions`; its times are seconds with at most three decimals.
      #expect(cases.allSatisfy { Set($0.attributes.keys) == ["name", "classname", "time"] })
      #expect(
        cases.allSatisfy {
          ($0.attributes["time"] ?? "").wholeMatch(of: /[0-9]+\.[0-9]{3}/) != nil
        })
      #expect(
        cases.map { $0.attributes["classname"] ?? "" } == [
          "tabshell", "tabshell", "tabshell", "sub",
        ])
      let failures = elements.elements.filter { $0.name == "failure" || $0.name == "error" }
      #expect(failures.map(\.name) == ["failure", "failure", "error"])
      #expect(failures.map { $0.attributes["type"] } == ["failure", "failure", "syntax error"])
      // Quotes, angle brackets and control characters (which XML 1.0 cannot hold at all) survive.
      #expect(
        failures.first?.attributes["message"]
          == "fail.tabsh:3:1: expect failed: title of tab 'text' (1) is 'a<b>&\"c\"', expected"
          + " 'x\\u{1B}y\\u{7}'")
      #expect(failures.first?.text == failures.first?.attributes["message"])
      #expect(
        failures[1].text.hasPrefix("golden.tabsh: stdout differs from 'golden.stdout' at line 1\n"))
      #expect(
        failures[2].attributes["message"]
          == "sub/syntax.tabsh:1:1: unknown command 'swip'; did you mean 'swipe'?")
      let outputs = elements.elements.filter { $0.name == "system-out" }.map(\.text)
      #expect(outputs.first == "out\\u{1B}[31m\n")
    }
  }

  /// `xmllint --schema Tests/schemas/junit-10.xsd FILE`: the JUnit report is valid for the schema
  /// of Jenkins' xunit plugin that pytest's default `xunit2` family targets.
  func validate(_ report: String) throws -> (valid: Bool, problems: String) {
    let xsd = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("schemas/junit-10.xsd").path
    let xmllint = try #require(
      ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "xmllint is installed (libxml2-utils; scripts/setup --test installs it)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--schema", xsd, report]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let problems = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus == 0, problems)
  }

  @Test func theJUnitReportIsValidForTheJUnit10Schema() throws {
    try withScripts { folder in
      try "".write(toFile: folder + "/notes.tabsh", atomically: true, encoding: .utf8)
      let result = try BinaryTests().run(["test", "--junit", "report.xml"], directory: folder)
      #expect(result.status == 2)
      let (valid, problems) = try validate(folder + "/report.xml")
      #expect(valid, "\(problems)")
    }
  }

  /// Each script is an error in both or a failure in both: TAP's `severity` (`error`, `fail`) is
  /// JUnit's element, and TAP's `type` JUnit's.
  @Test func tapAndJUnitAgreeOnWhatIsAnError() throws {
    try withScripts { folder in
      _ = try BinaryTests().run(["test", "--junit", "report.xml"], directory: folder)
      let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: folder + "/report.xml")))
      let elements = Elements()
      parser.delegate = elements
      #expect(parser.parse())
      let junit = elements.elements.filter { $0.name == "failure" || $0.name == "error" }.map {
        "\($0.name == "error" ? "error" : "fail") \($0.attributes["type"] ?? "")"
      }
      let tap = try BinaryTests().run(["test", "--tap"], directory: folder).stdout
      let lines = tap.split(separator: "\n")
      let severities = lines.filter { $0.hasPrefix("  severity: ") }.map { $0.dropFirst(12) }
      let types = lines.filter { $0.hasPrefix("  type: ") }.map { $0.dropFirst(8) }
      #expect(severities.count == types.count)
      let fromTAP = zip(severities, types).map { "\($0) \($1.dropFirst().dropLast())" }
      #expect(junit == ["fail failure", "fail failure", "error syntax error"])
      #expect(fromTAP == junit)
    }
  }

  /// Checks `output` against TAP version 13's rules; returns the tests' lines, or a problem.
  func checkTAP(_ output: String) -> Result<
    [(ok: Bool, number: Int, description: String)], TAPError
  > {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.last == "" else { return .failure(TAPError("no newline at the end")) }
    lines.removeLast()
    guard lines.first == "TAP version 13" else { return .failure(TAPError("no version line")) }
    guard let plan = lines.dropFirst().first, plan.hasPrefix("1..") else {
      return .failure(TAPError("no plan after the version"))
    }
    let planned = Int(plan.dropFirst(3)) ?? -1
    var tests: [(ok: Bool, number: Int, description: String)] = []
    var index = 2
    while index < lines.count {
      let line = lines[index]
      index += 1
      if line.hasPrefix("#") { continue }
      let ok = line.hasPrefix("ok ")
      guard ok || line.hasPrefix("not ok ") else {
        return .failure(TAPError("not a test line: \(line)"))
      }
      let rest = line.dropFirst(ok ? 3 : 7)
      guard let space = rest.firstIndex(of: " "), let number = Int(rest[..<space]),
        rest[space...].hasPrefix(" - ")
      else { return .failure(TAPError("no number and description: \(line)")) }
      let description = String(rest[space...].dropFirst(3))
      guard !description.contains("#") || description.contains("\\#") else {
        return .failure(TAPError("a directive in a description: \(line)"))
      }
      tests.append((ok, number, description))
      // A YAML block: '  ---', lines indented by two, '  ...'.
      if index < lines.count, lines[index] == "  ---" {
        index += 1
        while index < lines.count, lines[index] != "  ..." {
          let yaml = lines[index]
          guard yaml.hasPrefix("  "), let colon = yaml.range(of: ": ") else {
            return .failure(TAPError("not YAML: \(yaml)"))
          }
          let value = yaml[colon.upperBound...]
          let parsed = try? JSONSerialization.jsonObject(
            with: Data(value.utf8), options: .fragmentsAllowed)
          guard parsed != nil || Int(value) != nil || value.allSatisfy(\.isLetter) else {
            return .failure(TAPError("not a YAML value: \(yaml)"))
          }
          index += 1
        }
        guard index < lines.count else { return .failure(TAPError("a YAML block not closed")) }
        index += 1
      }
    }
    guard tests.count == planned, tests.map(\.number) == (0..<planned).map({ $0 + 1 }) else {
      return .failure(
        TAPError("\(tests.count) tests numbered \(tests.map(\.number)), planned \(planned)"))
    }
    return .success(tests)
  }

  struct TAPError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test func tapFollowsTheRulesOfTAP13() throws {
    try withScripts { folder in
      let result = try BinaryTests().run(["test", "--tap"], directory: folder)
      #expect(result.status == 2)
      let tests = try checkTAP(result.stdout).get()
      #expect(tests.map(\.ok) == [false, false, true, false])
      #expect(
        tests.map(\.description) == [
          "fail.tabsh", "golden.tabsh", "pass.tabsh", "sub/syntax.tabsh",
        ])
      #expect(result.stdout.hasSuffix("# 1 passed, 3 failed\n"))
      #expect(result.stdout.contains("  at: \"fail.tabsh:3:1\"\n"))
    }
    // A description with a '#' is escaped, so that it is not read as a directive.
    try withScripts { folder in
      try "".write(toFile: folder + "/a#b.tabsh", atomically: true, encoding: .utf8)
      let result = try BinaryTests().run(["test", "--tap", "a#b.tabsh"], directory: folder)
      #expect(result.stdout == "TAP version 13\n1..1\nok 1 - a\\#b.tabsh\n# 1 passed, 0 failed\n")
    }
    // The header, printed before the scripts run, is not in what they print (a forked child once
    // wrote the runner's unwritten output again, ahead of its own).
    try withScripts { folder in
      try "echo one\n".write(toFile: folder + "/same.tabsh", atomically: true, encoding: .utf8)
      try "one\n".write(toFile: folder + "/same.stdout", atomically: true, encoding: .utf8)
      let result = try BinaryTests().run(["test", "--tap", "same.tabsh"], directory: folder)
      #expect(result.stdout == "TAP version 13\n1..1\nok 1 - same.tabsh\n# 1 passed, 0 failed\n")
      #expect(result.status == 0)
    }
  }
}
