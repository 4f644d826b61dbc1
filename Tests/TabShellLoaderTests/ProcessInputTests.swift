import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TestSupport
import Testing

/// docs/ProcessPlugins.md, "Versions" and "Input": the host offers versions 1 and 2 and each plugin
/// chooses; a version-2 screen type that takes input gets `screen/input` and answers whether it
/// handled it; its spans' styles and its cursor reach the canvas; a version-1 plugin beside it
/// gets nothing new; a plugin that answers an input with garbage, late or not at all is stopped
/// as for any call.
@Suite("Process plugins' input (protocol version 2)")
struct ProcessInputTests {
  /// A plugin in sh that answers `initialize` with `description` and logs every line it reads to
  /// `log` before it answers. `screen/input`: `Up` and `Down` are handled, `F9` refused ("no
  /// boom"), `F10` answered "method not found", `F11` answered `{"handled":"yes"}` (garbage), `F12`
  /// answered after 3 s (late); anything else is not handled. `screen/draw` is answered with `draw`.
  static func plugin(
    _ session: ProcessSession, _ name: String, description: String,
    draw: String = #"{"lines":["drawn"]}"#
  ) throws -> String {
    try session.file(
      name + ".sh",
      #"""
      #!/bin/sh
      while IFS= read -r line; do
        case $line in *'"id":'*) ;; *) continue ;; esac
        printf '%s\n' "$line" >> '\#(session.folder)/\#(name).log'
        id=${line#*\"id\":}; id=${id%%,*}
        case $line in
          *'"initialize"'*) result='\#(description)' ;;
          *'"screen/draw"'*) result='\#(draw)' ;;
          *'"screen/input"'*)
            case $line in
              *'"key":"Up"'* | *'"key":"Down"'*) result='{"handled":true}' ;;
              *'"key":"F9"'*)
                printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":"no boom"}}\n' "$id"
                continue ;;
              *'"key":"F10"'*)
                printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"?"}}\n' "$id"
                continue ;;
              *'"key":"F11"'*) result='{"handled":"yes"}' ;;
              *'"key":"F12"'*) sleep 3; result='{"handled":true}' ;;
              *) result='{"handled":false}' ;;
            esac ;;
          *) result=null ;;
        esac
        printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$result"
      done

      """#)
  }

  /// The lines a plugin of ``plugin(_:_:description:draw:)`` read, with `method` in them.
  static func received(_ session: ProcessSession, _ name: String, _ method: String) -> [String] {
    let log = (try? String(contentsOfFile: "\(session.folder)/\(name).log", encoding: .utf8)) ?? ""
    return log.split(separator: "\n").map(String.init).filter { $0.contains("\"\(method)\"") }
  }

  static func description(_ name: String, version: Int) -> String {
    #"{"protocolVersion":\#(version),"name":"\#(name)","screenTypes":[{"name":"\#(name)","takesInput":true}]}"#
  }

  /// A session with a version-2 plugin `two` (tab a) and a version-1 plugin `one` (tab b), whose
  /// descriptions both say `takesInput`; tab a is selected.
  static func sideBySide(timeout: Double = 10, draw: String = #"{"lines":["drawn"]}"#) throws
    -> ProcessSession
  {
    let session = try ProcessSession(timeout: timeout)
    let two = try plugin(session, "two", description: description("two", version: 2), draw: draw)
    let one = try plugin(session, "one", description: description("one", version: 1), draw: draw)
    let run = session.run("load \(two); load \(one); add-tab two --id a; add-tab one --id b")
    #expect(run.status == 0, "\(run.err)")
    return session
  }

  func send(_ session: ProcessSession, _ input: ScreenInput, to id: String = "a") throws -> Bool {
    let outcome = try session.shell.send(.input(input, to: id))
    session.interpreter.plugins.settle()
    guard case .input(let handled) = outcome else {
      Issue.record("not an input's outcome: \(outcome)")
      return false
    }
    return handled
  }

  @Test func theHostOffersBothVersionsAndEachPluginChooses() throws {
    let session = try Self.sideBySide()
    let offer = #""protocolVersion":1,"protocolVersions":[1,2],"host":{"name":"tabshell""#
    for name in ["one", "two"] {
      let initialize = Self.received(session, name, "initialize")
      #expect(initialize.count == 1 && initialize[0].contains(offer), "\(initialize)")
    }
    // Version 2's `takesInput` counts; version 1 ignores it, as any member it does not know.
    #expect(session.shell.takesInput(screen: "a"))
    #expect(!session.shell.takesInput(screen: "b"))
    #expect(throws: ShellError.takesNoInput(screen: "b")) {
      try session.shell.send(.input(.key(named: "Up"), to: "b"))
    }
    #expect(Self.received(session, "one", "screen/input") == [])
    // Both keep working side by side.
    let shown = session.run("tab b; show; tab a; show")
    #expect(shown.status == 0 && shown.out.filter { $0.contains("drawn") }.count == 2)
  }

  /// A version-1 plugin whose screen type says `"takesInput": true` is told at load time that
  /// input needs version 2 (its screens take none); a version-2 one, or a version-1 one that does
  /// not say it, loads without a word.
  @Test func aVersionOnePluginThatSaysItTakesInputIsWarnedAtLoad() throws {
    let session = try ProcessSession()
    let two = try Self.plugin(session, "two", description: Self.description("two", version: 2))
    let one = try Self.plugin(session, "one", description: Self.description("one", version: 1))
    let quiet = try Self.plugin(
      session, "quiet", description: #"{"protocolVersion":1,"name":"quiet","screenTypes":[]}"#)
    let run = session.run("load \(two); load \(one); load \(quiet)")
    #expect(run.status == 0)
    #expect(
      run.err == [
        "warning: plugin 'one': screen type 'one' says \"takesInput\": true, but input needs"
          + " protocol version 2 and the plugin chose version 1: its screens take no input\n"
      ])
  }

  /// A version-2 plugin in Python that takes input and logs, for each line it reads, its length
  /// in bytes and the input it carries; it handles every input.
  static func loggingPlugin(_ session: ProcessSession) throws -> String {
    try session.file(
      "big.py",
      #"""
      #!/usr/bin/env python3
      import json, sys
      log = open(sys.argv[0] + ".log", "a")
      for line in sys.stdin:
          m = json.loads(line)
          if "id" not in m:
              continue
          entry = {"bytes": len(line.encode()) - 1, "method": m["method"]}
          entry["input"] = m.get("params", {}).get("input")
          log.write(json.dumps(entry) + "\n")
          log.flush()
          result = None
          if m["method"] == "initialize":
              result = {"protocolVersion": 2, "name": "big",
                        "screenTypes": [{"name": "big", "takesInput": True}]}
          elif m["method"] == "screen/draw":
              result = {"lines": []}
          elif m["method"] == "screen/input":
              result = {"handled": True}
          sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": result}) + "\n")
          sys.stdout.flush()

      """#)
  }

  /// A paste too long for one line (200,000 control characters are 1.2 MB of JSON) reaches the
  /// screen whole, in order, in pieces that each fit in a line of the protocol's 1 MiB: the host
  /// wrote it as one line past its own limit.
  @Test(.enabled(if: NewPluginScriptTests.hasPython3, "python3 is not on PATH"))
  func aPasteTooLongForALineComesInPiecesThatFit() throws {
    let session = try ProcessSession(timeout: 10)
    let plugin = try Self.loggingPlugin(session)
    #expect(session.run("load \(plugin); add-tab big --id a").status == 0)
    let text = String(repeating: "\u{1}", count: 199_999) + "é"
    #expect(try send(session, .text(text, isPaste: true)))
    let log = try String(contentsOfFile: plugin + ".log", encoding: .utf8)
    let entries = try log.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(entries.allSatisfy { ($0["bytes"] as? Int ?? .max) <= 1 << 20 })
    let inputs = entries.compactMap { $0["input"] as? [String: Any] }
    #expect(inputs.count == 2)
    #expect(inputs.allSatisfy { $0["kind"] as? String == "text" && $0["paste"] as? Bool == true })
    #expect(inputs.map { $0["text"] as? String ?? "" }.joined() == text)
  }

  @Test func inputsAreSentAsTheProtocolSaysAndAnswered() throws {
    let session = try Self.sideBySide()
    _ = session.shell.takeNeedsDisplay()
    #expect(try send(session, .key(named: "Up")))
    // A handled input draws the screen again; one not handled does not.
    #expect(session.shell.takeNeedsDisplay())
    #expect(try !send(session, .key(named: "x")))
    #expect(!session.shell.takeNeedsDisplay())
    #expect(try !send(session, .key(named: "F10")))  // method not found: not handled
    #expect(try !send(session, .text("héllo\n", isPaste: true)))
    let click = MouseInput(.press, button: 1, column: 3, row: 2, modifiers: [.shift, .control])
    #expect(try !send(session, .mouse(click)))
    #expect(try !send(session, .mouse(MouseInput(.wheelDown, button: 0, column: 0, row: 0))))
    #expect(try !send(session, .focus(false)))
    #expect(try !send(session, .resize(width: 80, height: 20)))
    let inputs = Self.received(session, "two", "screen/input").compactMap { line in
      line.range(of: "\"params\":").map { String(line[$0.upperBound...].dropLast()) }
    }
    #expect(
      inputs == [
        #"{"screen":"a","input":{"kind":"key","key":"Up"}}"#,
        #"{"screen":"a","input":{"kind":"key","key":"x"}}"#,
        #"{"screen":"a","input":{"kind":"key","key":"F10"}}"#,
        #"{"screen":"a","input":{"kind":"text","text":"héllo\n","paste":true}}"#,
        #"{"screen":"a","input":{"kind":"mouse","action":"press","button":1,"column":3,"row":2,"modifiers":["shift","control"]}}"#,
        #"{"screen":"a","input":{"kind":"mouse","action":"wheel-down","button":0,"column":0,"row":0,"modifiers":[]}}"#,
        #"{"screen":"a","input":{"kind":"focus","focused":false}}"#,
        #"{"screen":"a","input":{"kind":"resize","width":80,"height":20}}"#,
      ])
    #expect(session.interpreter.plugins.takeFaults() == [])
    #expect(session.shell.screen(id: "a")?.failure == nil)
  }

  @Test func aRefusedInputFailsTheScreenAndTheShellGoesOn() throws {
    let session = try Self.sideBySide()
    #expect(try !send(session, .key(named: "F9")))
    #expect(session.shell.screen(id: "a")?.failure == "input failed: no boom")
    #expect(session.interpreter.plugins.stopReason(of: "two") == nil)
    #expect(session.interpreter.plugins.takeFaults() == [])
  }

  @Test(arguments: [
    (
      "F11",
      #"the plugin wrote an invalid message: the answer to 'screen/input': the result: "handled" must be true or false"#
    ),
    ("F12", "the plugin did not answer 'screen/input' within 0.5 s"),
  ])
  func aHostileAnswerIsAFault(key: String, fault: String) throws {
    let session = try Self.sideBySide(timeout: 0.5)
    let pid = session.interpreter.plugins.processID(of: "two")
    #expect(try !send(session, .key(named: key)))
    let stopped = "plugin 'two' stopped: \(fault)"
    #expect(session.interpreter.plugins.takeFaults() == [stopped])
    #expect(session.shell.screen(id: "a")?.failure == stopped)
    expectGone(pid)
    // The version-1 plugin beside it goes on.
    let shown = session.run("tab b; show")
    #expect(shown.status == 0 && shown.out.contains { $0.contains("drawn") }, "\(shown)")
    #expect(session.interpreter.plugins.stopReason(of: "one") == nil)
  }

  @Test func stylesAndTheCursorReachTheCanvas() throws {
    let draw =
      ##"{"lines":[["a",{"text":"b","color":196,"background":"#0000ff","italic":true,"underline":true},{"text":"c","reverse":true,"dim":true,"strike":true,"bold":true}]],"cursor":{"row":0,"column":2,"shape":"bar"}}"##
    let session = try Self.sideBySide(draw: draw)
    var canvas = Canvas(width: 6, height: 2)
    session.shell.draw(screen: "a", in: &canvas)
    #expect(canvas.lines.first == "abc")
    #expect(canvas.rows[0][0].style == .plain)
    #expect(
      canvas.rows[0][1].style
        == Canvas.Style(
          foreground: .indexed(196), background: .rgb(red: 0, green: 0, blue: 255),
          attributes: [.italic, .underline]))
    #expect(
      canvas.rows[0][2].style
        == Canvas.Style(attributes: [.bold, .dim, .reverse, .strikethrough]))
    #expect(canvas.cursor == Canvas.Cursor(row: 0, column: 2, shape: .bar))
    // The same drawing from the version-1 plugin: its version has none of it; the index colour
    // is not a colour there, so the drawing is a fault, as it always was.
    var old = Canvas(width: 6, height: 2)
    session.shell.draw(screen: "b", in: &old)
    #expect(old.cursor == nil)
    #expect(
      session.interpreter.plugins.stopReason(of: "one")
        == #"the plugin wrote an invalid message: the answer to 'screen/draw': the drawing, line 1: "color" must be a string, not a number"#
    )
  }

  /// The Python example's list (version 2) and the sh example (version 1) side by side, driven by
  /// a script: keys move the selection and Enter chooses, the screen drawn again each time; the
  /// version-1 screen takes no input.
  @Test(.enabled(if: NewPluginScriptTests.hasPython3, "python3 is not on PATH"))
  func aScriptDrivesThePythonListBesideAVersionOnePlugin() throws {
    let session = try ProcessSession(timeout: 10)
    let run = session.run(
      """
      load \(repositoryRoot)/plugins/python/example_counter.py
      load \(repositoryRoot)/plugins/sh/hello.sh
      add-tab list --id l --count 40; add-tab hello --id h
      size 40 12
      send-keys Down Down Enter
      wait-for --timeout 5 'chose Item 3'
      expect badge l 3
      send-keys NPage  # a page is the 7 rows under the title
      wait-for --timeout 5 'List (10/40)'
      type ignored
      """)
    #expect(run.status == 0, "\(run.err)")
    #expect(session.interpreter.plugins.takeFaults() == [])
    let refused = session.run("send-keys --to h Up")
    #expect(refused.status == 1)
    #expect(refused.err == ["t:1:1: error: screen 'h' takes no input\n"], "\(refused.err)")
  }
}

/// docs/Contract.md, "Split screens": a process plugin's screen in a pane is told its pane's size
/// (a `resize` input) when it is split, when the border between moves and when its neighbour
/// closes, once for each change (the neighbour here a version-1 plugin's screen, told nothing).
@Suite("Process plugins' screens in panes")
struct ProcessPaneInputTests {
  @Test func aPluginsScreenInAPaneIsToldEachNewSizeOnce() throws {
    let session = try ProcessInputTests.sideBySide()
    let steps = [
      "tab a", "split --to a one --id t", "resize-pane --to a --right 3", "close-pane --to t",
    ]
    for step in steps {
      let run = session.run(step)
      #expect(run.status == 0, "\(step): \(run.err)")
      session.interpreter.plugins.settle()
    }
    let resizes = ProcessInputTests.received(session, "two", "screen/input").filter {
      $0.contains(#""kind":"resize""#)
    }.compactMap { line in
      line.range(of: "\"params\":").map { String(line[$0.upperBound...].dropLast()) }
    }
    #expect(resizes.count == 3, "\(resizes)")
    let widths = resizes.compactMap { line -> Int? in
      guard let range = line.range(of: #""width":"#) else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    // Split in two (less the border), the border moved 3 columns right, then the whole width.
    #expect(widths.count == 3)
    if widths.count == 3 {
      #expect(widths[0] < widths[2] / 2 + 1)
      #expect(widths[1] == widths[0] + 3)
      #expect(widths[2] > widths[1])
    }
  }
}
