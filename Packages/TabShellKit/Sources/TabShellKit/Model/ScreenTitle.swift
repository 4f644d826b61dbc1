/// The most characters of a title a screen gives itself (``ScreenRequest/setTitle(_:)``) that the
/// shell keeps, counted with its control characters written out.
@_spi(Host) public let screenTitleLimit = 64

/// A title a screen or a plugin gives itself (``ScreenRequest/setTitle(_:)``, a process plugin's
/// `host/setTitle`), as the shell keeps and shows it: its control characters written out as by
/// ``neutralized(_:keepingLines:)`` (`\u{1B}`), cut after the last whole character (or written-out
/// control) that keeps it within ``screenTitleLimit`` characters, and blanks at either end dropped.
/// Applying it twice changes nothing. It may be empty: what a screen shows then is its own affair
/// (a terminal tab asks for its type's title instead).
///
/// A Swift `String` is always valid Unicode: text that was not UTF-8 was repaired where it was read
/// (a terminal's title by the emulator, a process plugin's by its JSON).
@_spi(Host) public func screenTitle(_ title: String) -> String {
  var safe = ""
  var count = 0
  for character in title {
    let shown = neutralized(String(character))
    guard count + shown.count <= screenTitleLimit else { break }
    safe += shown
    count += shown.count
  }
  var trimmed = Substring(safe)
  while trimmed.first == " " { trimmed.removeFirst() }
  while trimmed.last == " " { trimmed.removeLast() }
  return String(trimmed)
}
