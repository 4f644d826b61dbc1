@_spi(Host) import TabShellKit

extension Picture {
  /// The picture as text: a line a row, trailing blanks left out, no escape sequence (what `show`
  /// prints without colour).
  package var plainText: String {
    lines.map { $0.rendered(.none) + "\n" }.joined()
  }

  /// The picture as text with SGR sequences, as a 24-bit colour terminal shows it: a line a row,
  /// each styled run between its SGR and a reset (`cat FILE` shows it in colour; the palette is
  /// the terminal's).
  package var ansiText: String {
    lines.map { $0.rendered(.trueColor) + "\n" }.joined()
  }
}
