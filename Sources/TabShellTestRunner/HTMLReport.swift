import TabShellLanguage
import TabShellRendering

/// `tabshell test --html FILE` (docs/Contract.md, "The test runner"): one page that needs nothing
/// else (its style inline, its pictures inline SVG): the totals, a table of every script with its
/// verdict and time, then for each script that did not pass, and each flaky one, its failures
/// (what was expected and what is, a snapshot's cell by cell difference) and what it left
/// (``TestArtifacts``): the picture of the frame it ended on, and each terminal's text and
/// scrollback.
enum HTMLReport {
  static func page(_ results: [TestResult], totals: TestTotals, artifacts: TestArtifacts?)
    -> String
  {
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>tabshell test: \(escaped(totals.closingLine))</title>
      <style>\(style)</style></head>
      <body><h1>tabshell test</h1>
      <p class="totals">\(escaped(totals.closingLine))</p>
      <table><thead><tr><th>verdict</th><th>script</th><th>time</th></tr></thead><tbody>

      """
    for (number, result) in results.enumerated() {
      let (word, kind) = verdict(result)
      let name = escaped(result.script.path)
      let link = word == "ok" ? name : "<a href=\"#s\(number)\">\(name)</a>"
      html += "<tr class=\"\(kind)\"><td>\(word)</td><td>\(link)</td>"
      html += "<td>\(result.run.milliseconds) ms</td></tr>\n"
    }
    html += "</tbody></table>\n"
    for (number, result) in results.enumerated() where verdict(result).word != "ok" {
      html += section(result, number: number, artifacts: artifacts)
    }
    return html + "</body></html>\n"
  }

  /// What a script's line says, and its class.
  private static func verdict(_ result: TestResult) -> (word: String, kind: String) {
    switch result.verdict.kind {
    case .passed: result.isFlaky ? ("flaky", "flaky") : ("ok", "passed")
    case .timedOut: ("timed out", "failed")
    case .failed, .syntaxError, .broken, .notRun: ("FAIL", "failed")
    }
  }

  private static func section(_ result: TestResult, number: Int, artifacts: TestArtifacts?)
    -> String
  {
    let (word, kind) = verdict(result)
    var html = "<section id=\"s\(number)\" class=\"\(kind)\">"
    html += "<h2>\(escaped(word)) \(escaped(result.script.path))</h2>\n"
    for (index, verdict) in result.failedTries.enumerated() {
      html += "<h3>try \(index + 1)</h3>" + failures(verdict)
    }
    if result.verdict.kind != .passed {
      if !result.failedTries.isEmpty { html += "<h3>last try</h3>" }
      html += failures(result.verdict)
    }
    if let artifacts, result.verdict.kind != .passed {
      if let svg = artifacts.file("screen.svg", of: result.script) {
        // The picture inline, without its XML declaration.
        let picture = svg.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? svg
        html += "<h3>the frame it ended on</h3><div class=\"picture\">\(picture)</div>\n"
      }
      for (name, text) in artifacts.terminalFiles(of: result.script) {
        html +=
          "<details><summary>\(escaped(name))</summary><pre>\(escaped(text))</pre></details>\n"
      }
    }
    return html + "</section>\n"
  }

  private static func failures(_ verdict: TestVerdict) -> String {
    "<pre class=\"failure\">" + escaped(verdict.failures.flatMap(\.lines).joined(separator: "\n"))
      + "</pre>\n"
  }

  /// Text for the page: control characters written out (lines kept), then `&`, `<`, `>`, `"`
  /// as entities.
  static func escaped(_ text: String) -> String {
    Picture.escaped(Renderer.neutralized(text, keepingLines: true))
  }

  static let style = """
    body{font:14px/1.4 sans-serif;margin:1em 2em;color:#222}\
    table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left}\
    tr.failed td:first-child,section.failed h2{color:#c50f1f}\
    tr.flaky td:first-child,section.flaky h2{color:#b07800}\
    tr.passed td:first-child{color:#13a10e}\
    pre{background:#f4f4f4;padding:6px;white-space:pre-wrap}\
    pre.failure{border-left:4px solid #c50f1f}\
    div.picture svg{max-width:100%;height:auto}
    """
}
