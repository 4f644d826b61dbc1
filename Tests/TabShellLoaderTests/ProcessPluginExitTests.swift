import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// What a process plugin gets when the shell exits (docs/ProcessPlugins.md §15, "Leaving"): the
/// end of its input, and nothing else — no `viewWillDisappear`, no `deinit`.
@Suite struct ProcessPluginExitTests {
  /// A plugin of screen type `logged` that writes each method it gets, and then `end of input`,
  /// to the file named by its first argument.
  static func plugin(log: String) -> String {
    """
    #!/bin/sh
    while IFS= read -r line; do
      method=${line#*\\"method\\":\\"}; method=${method%%\\"*}
      echo "$method" >> '\(log)'
      case $line in *'"id":'*) ;; *) continue ;; esac
      id=${line#*\\"id\\":}; id=${id%%,*}
      case $method in
        initialize) result='{"protocolVersion":1,"name":"logged","screenTypes":[{"name":"logged"}]}' ;;
        screen/draw) result='{"lines":[]}' ;;
        *) result=null ;;
      esac
      printf '{"jsonrpc":"2.0","id":%s,"result":%s}\\n' "$id" "$result"
    done
    echo "end of input" >> '\(log)'

    """
  }

  @Test func theShellsExitIsTheEndOfInputAndNothingElse() throws {
    let session = try ProcessSession(timeout: 10)
    let log = session.folder + "/log"
    let path = try session.file("logged", Self.plugin(log: log))
    let run = session.run("load \(path); add-tab logged --id a; add-tab logged --id b; push logged")
    #expect(run.status == 0, "\(run.err)")
    let before = try String(contentsOfFile: log, encoding: .utf8)
    session.interpreter.plugins.shutdown()
    let all = try String(contentsOfFile: log, encoding: .utf8)
    #expect(all.hasPrefix(before))
    // The visible screen (`push`'s) and the others get nothing: no viewWillDisappear, no deinit.
    #expect(all.dropFirst(before.count) == "end of input\n")
    #expect(before.hasSuffix("screen/viewDidAppear\n"))
  }
}
