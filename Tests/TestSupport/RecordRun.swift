/// What a record run of the tests says (`TABSHELL_RECORD_SNAPSHOTS`, `_TRANSCRIPTS`,
/// `_REFERENCE` set to 1): it wrote the expected files and fails, for what it recorded was not
/// checked. One wording for the snapshots, the transcripts and the command reference.
package enum RecordRun {
  /// `recorded WHAT (VARIABLE=1): a record run fails; ...`.
  package static func message(_ what: String, variable: String) -> String {
    "recorded \(what) (\(variable)=1): a record run fails; review the diff, then run the tests"
      + " without it"
  }
}
