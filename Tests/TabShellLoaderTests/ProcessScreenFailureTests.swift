import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// docs/ProcessPlugins.md, "Lifecycle": a process screen that enters the error state, whatever
/// put it there (a refused draw, a refused callback), is told so with `screen/failed`, once, so
/// that the plugin stops the timers it keeps for it, as the shell stops a Swift screen's.
struct ProcessScreenFailureTests {
  /// A plugin in sh that logs every line it reads and refuses screen `a`'s draws and screen `b`'s
  /// `viewDidLoad`.
  static func plugin(_ session: ProcessSession) throws -> String {
    try session.file(
      "refusing.sh",
      #"""
      #!/bin/sh
      while IFS= read -r line; do
        printf '%s\n' "$line" >> '\#(session.folder)/refusing.log'
        case $line in *'"id":'*) ;; *) continue ;; esac
        id=${line#*\"id\":}; id=${id%%,*}
        case $line in
          *'"initialize"'*)
            result='{"protocolVersion":1,"name":"refusing","screenTypes":[{"name":"refusing"}]}' ;;
          *'"screen/draw"'*'"screen":"a"'* | *'"screen/viewDidLoad"'*'"screen":"b"'*)
            printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":"no"}}\n' "$id"
            continue ;;
          *'"screen/draw"'*) result='{"lines":["drawn"]}' ;;
          *) result=null ;;
        esac
        printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$result"
      done

      """#)
  }

  /// The notifications `screen/failed` the plugin read, in order.
  static func told(_ session: ProcessSession) -> [String] {
    let log = (try? String(contentsOfFile: session.folder + "/refusing.log", encoding: .utf8)) ?? ""
    return log.split(separator: "\n").map(String.init).filter { $0.contains("screen/failed") }
  }

  /// A notification has no answer: a request after it (a screen made) is answered once the
  /// plugin has read it.
  @Test func aScreenThatFailsIsToldSoOnce() throws {
    let session = try ProcessSession()
    let plugin = try Self.plugin(session)
    #expect(
      session.run("load \(plugin); add-tab refusing --id a; show; show; add-tab refusing --id x")
        .status == 0)
    #expect(
      Self.told(session) == [
        #"{"jsonrpc":"2.0","method":"screen/failed","params":{"screen":"a","message":"draw failed: no"}}"#
      ])
    #expect(session.run("add-tab refusing --id b; tab b; add-tab refusing --id y").status == 0)
    #expect(
      Self.told(session).last
        == #"{"jsonrpc":"2.0","method":"screen/failed","params":{"screen":"b","message":"viewDidLoad failed: no"}}"#
    )
    #expect(Self.told(session).count == 2)
  }
}
