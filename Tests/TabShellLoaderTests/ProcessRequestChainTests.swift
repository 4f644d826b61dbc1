import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// A process plugin's requests that keep setting off requests are bounded as a Swift screen's are
/// (docs/Contract.md, "Screens' requests"): the chain stops at 1,000 and the command fails,
/// naming the screen; nothing of it is left for the next command.
@Suite("Process plugins' request chains")
struct ProcessRequestChainTests {
  /// A plugin of two tabs, `a` and `b`, of type `pingpong`: once its command `go` ran, each of
  /// its screens that appears selects the other tab, for ever.
  static let pingPong = """
    #!/bin/sh
    on=
    reply() { printf '{"jsonrpc":"2.0","id":%s,"result":%s}\\n' "$1" "$2"; }
    other() {
      if [ "$1" = a ]; then o=b; else o=a; fi
      printf '{"jsonrpc":"2.0","method":"host/selectTab","params":{"screen":"%s","tab":"%s"}}\\n' "$1" "$o"
    }
    while IFS= read -r line; do
      case $line in *'"method":'*) ;; *) continue ;; esac
      id=
      case $line in *'"id":'*) id=${line#*\\"id\\":}; id=${id%%,*} ;; esac
      method=${line#*\\"method\\":\\"}; method=${method%%\\"*}
      screen=
      case $line in *'"screen":"'*) screen=${line#*\\"screen\\":\\"}; screen=${screen%%\\"*} ;; esac
      case $method in
        initialize) reply "$id" '{"protocolVersion":1,"name":"pingpong","screenTypes":[{"name":"pingpong","summary":"selects the other tab","commands":[{"name":"go"}]}]}' ;;
        screen/viewDidAppear) if [ -n "$on" ]; then other "$screen"; fi; reply "$id" null ;;
        screen/command) on=1; other "$screen"; reply "$id" '{"output":[]}' ;;
        screen/draw) reply "$id" '{"lines":[]}' ;;
        *) if [ -n "$id" ]; then reply "$id" null; fi ;;
      esac
    done

    """

  @Test func aChainThatNeverEndsStopsAtTheLimitAndFailsTheCommand() throws {
    let session = try ProcessSession(timeout: 10)
    let path = try session.file("pingpong", Self.pingPong)
    let setup = session.run("load \(path); add-tab pingpong --id a; add-tab pingpong --id b")
    #expect(setup.status == 0, "\(setup.err)")
    let selections = Selections()
    session.shell.addObserver { if case .didSelect = $0 { selections.count += 1 } }
    let run = session.run("go")
    #expect(run.status == 1)
    let runaway = ShellError.requestRunaway(screen: "a", limit: Shell.requestLimit)
    #expect(run.err == ["t:1:1: error: \(runaway.description)\n"])
    // The command's own request, then 1,000 links of the chain; the rest is dropped.
    #expect(selections.count == Shell.requestLimit)
    let selected = session.shell.selectedPosition
    // Nothing is left for the next command, which succeeds and selects nothing.
    let after = session.run("tabs")
    #expect(after.status == 0, "\(after.err)")
    #expect(selections.count == Shell.requestLimit)
    #expect(session.shell.selectedPosition == selected)
  }
}

/// How many tabs were selected.
private final class Selections {
  var count = 0
}
