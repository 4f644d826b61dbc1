import TabShellCommandLine
import TabShellHost

/// libFuzzer's entry point: the bytes are a script, run through the command line's in-process entry
/// point (as the transcript tests run theirs), read from stdin and parsed whole before it runs.
///
/// Input that names `load` or `--plugin` is skipped: loading arbitrary shared objects is not what
/// this target fuzzes. Output is discarded; a crash, a trap, a hang or a leak of memory without bound
/// is what libFuzzer reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let text = String(decoding: bytes, as: UTF8.self)
  if text.contains("load") { return -1 }
  for arguments in [[], ["--keep-going"]] {
    let context = ProcessContext(
      arguments: arguments, environment: ["HOME": "/nonexistent"],
      currentDirectory: "/nonexistent", readStandardInput: { text },
      writeOutput: { _ in }, writeError: { _ in })
    _ = TabShellCommand.main(context)
  }
  return 0
}
