import Foundation
import Testing

@testable import TabShellCommandLine
@testable import TabShellHost

/// The manual page and the completion files are generated from the option tables and the command
/// declarations: every option and command is in them, and each shell reads its file.
@Suite struct InstallFilesTests {
  @Test func theManualPageHasEveryOptionAndCommand() throws {
    let page = try #require(InstallFiles.text(of: "man"))
    #expect(page.hasPrefix(".TH TABSHELL 1"))
    for option in CommandLineOptions.table + [] {
      #expect(page.contains(option.name.replacing("-", with: "\\-")), "\(option.name)")
    }
    for option in TestOptions.table {
      #expect(page.contains(option.name.replacing("-", with: "\\-")), "\(option.name)")
    }
    for command in ["tab", "swipe", "add\\-tab", "expect", "state", "load"] {
      #expect(page.contains("\\fB" + command), "\(command)")
    }
  }

  /// The page reads as `mandoc -T lint` asks: a date in its header, no source line past 80
  /// columns, and the environment it reads listed.
  @Test func theManualPageHasADateShortLinesAndItsEnvironment() throws {
    let page = try #require(InstallFiles.text(of: "man"))
    let header = try #require(page.split(separator: "\n").first)
    #expect(header.hasPrefix(".TH TABSHELL 1 \(CommandLineOptions.versionDate) \""), "\(header)")
    #expect(CommandLineOptions.versionDate.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil)
    for line in page.split(separator: "\n") {
      #expect(line.utf8.count <= 80, "\(line)")
    }
    let environment = try #require(page.firstRange(of: ".SH ENVIRONMENT")).upperBound
    let section = page[environment...].prefix(while: { _ in true }).split(separator: ".SH ")[0]
    for variable in [
      "NO_COLOR", "COLORTERM", "TERM", "COLUMNS", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
      "XDG_DATA_HOME",
    ] {
      #expect(section.contains("\\fB\(variable)\\fR"), "\(variable)")
    }
  }

  /// Runs `shell` with `arguments` and `input` on stdin; its status and output.
  func run(_ shell: String, _ arguments: [String], input: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  @Test func bashCompletesOptionsTheTestSubcommandAndItsOptions() throws {
    let script =
      try #require(InstallFiles.text(of: "bash-completion")) + """
        COMP_WORDS=(tabshell --no); COMP_CWORD=1; _tabshell; echo "${COMPREPLY[*]}"
        COMP_WORDS=(tabshell te); COMP_CWORD=1; _tabshell; echo "${COMPREPLY[*]}"
        COMP_WORDS=(tabshell test --ti); COMP_CWORD=2; _tabshell; echo "${COMPREPLY[*]}"

        """
    let (status, output) = try run("/bin/bash", ["-s"], input: script)
    #expect(status == 0, "\(output)")
    #expect(output == "--norc --no-plugins --no-color\ntest\n--timeout\n")
  }

  /// An option's value is completed by its kind: `--print` with its four values, a path with file
  /// names, a number or commands with nothing.
  @Test func bashCompletesAnOptionsValueByItsKind() throws {
    // Where bash finds it only with the bash-completion package, the file says what to do.
    #expect(
      try #require(InstallFiles.text(of: "bash-completion")).contains(
        "without that package, source this file from ~/.bashrc"))
    let script =
      try #require(InstallFiles.text(of: "bash-completion")) + """
        cd /
        for words in "--print ''" "--print z" "-c ''" "--width ''" "test -j ''" "test --timeout ''" \\
          "--plugin et"; do
          eval "COMP_WORDS=(tabshell $words)"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tabshell
          echo "${COMPREPLY[*]}"
        done

        """
    let (status, output) = try run("/bin/bash", ["-s"], input: script)
    #expect(status == 0, "\(output)")
    #expect(
      output == "man bash-completion zsh-completion fish-completion\nzsh-completion\n\n\n\n\netc\n")
  }

  @Test func zshAndFishCompleteAnOptionsValueByItsKind() throws {
    let zsh = try #require(InstallFiles.text(of: "zsh-completion"))
    #expect(zsh.contains("'--print[print a file for packagers"))
    #expect(zsh.contains(":file:(man bash-completion zsh-completion fish-completion)'"))
    #expect(zsh.contains("'--width[") && !zsh.contains(":n:_files"))
    #expect(zsh.contains(":path:_files'"))
    let fish = try #require(InstallFiles.text(of: "fish-completion"))
    #expect(fish.contains("-l 'print' -x -a 'man bash-completion zsh-completion fish-completion'"))
    #expect(
      fish.contains("-o 'c' -x ") && fish.contains("-l 'width' -x ") && fish.contains("-o 'j' -x "))
    #expect(fish.contains("-l 'plugin' -r -F "))
  }

  @Test(arguments: [("zsh", ["-n"]), ("fish", ["--no-execute"])])
  func zshAndFishReadTheirFiles(shell: String, check: [String]) throws {
    let path = ["/usr/bin/", "/bin/"].map { $0 + shell }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let executable = try #require(path, "\(shell) is missing: scripts/setup --test installs it")
    let file = NSTemporaryDirectory() + "tabshell-completion-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try #require(InstallFiles.text(of: "\(shell)-completion")).write(
      toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = try run(executable, check + [file], input: "")
    #expect(status == 0, "\(output)")
  }

  @Test func fishCompletesTheTestSubcommandsOptions() throws {
    let file = NSTemporaryDirectory() + "tabshell-completion-\(UUID().uuidString).fish"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try #require(InstallFiles.text(of: "fish-completion")).write(
      toFile: file, atomically: true, encoding: .utf8)
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
      Issue.record("fish is missing: scripts/setup --test installs it")
      return
    }
    let (status, output) = try run(
      "/usr/bin/fish", ["-c", "source \(file); complete -C'tabshell test --ju'"], input: "")
    #expect(status == 0)
    #expect(output.hasPrefix("--junit\t"), "\(output)")
  }
}
