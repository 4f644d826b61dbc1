import TabShellLanguage
import TabShellRendering
import TabShellTerminal

/// The full-screen mode's state, in the parts its extensions work on (``FullScreenSession``).
extension FullScreenSession {
  /// The terminal's input as the mode has taken it.
  struct InputState {
    /// Decodes the terminal's bytes into keys, pastes and mouse events.
    var decoder = InputDecoder()
    /// The drag under way, if any.
    var drag: SwipeDrag?
    /// Where the drag under way was pressed when it was on the compact bar's status row (1-based,
    /// as `click` counts): let go there without moving, it is a click.
    var dragOnStatusRow: (column: Int, row: Int)?
    /// The drag of a border between panes under way, if any.
    var borderDrag: BorderDrag?
    /// The mouse over a screen that takes input: whether it has the press.
    var pointer = ScreenPointer()
    /// The question the command line asks, if any (``FullScreenSession/ask(_:then:)``).
    var question: Question?
  }

  /// The frame on the terminal and the one being drawn (swapped after each write, so that neither
  /// is ever copied), what writes them, and the terminal's size.
  package struct FrameOutput {
    /// Encodes a frame as the changes from the last one, in the terminal's colours.
    package var writer: FrameWriter
    var front = CellGrid(columns: 0, rows: 0)
    var back = CellGrid(columns: 0, rows: 0)
    var bytes: [UInt8] = []
    /// Where the last frame left the cursor.
    var shownCursor: FrameWriter.Cursor?
    /// A frame with no cell and no cursor changed is not written (a session's server draws after
    /// each round of its loop, whatever ran).
    package var skipsUnchangedFrames = false
    /// The terminal's size.
    var columns = 80
    var rows = 24
    /// The command line's hints for the last frame and what they were made from: they are made
    /// again only when that changes (making them looks up every binding of two focuses).
    var hints: (source: HintsSource, lines: [String])?

    /// How many frames only the visible screen's changed rows were drawn for
    /// (``FullScreenSession/drawScreenChanges()``), for the tests to see that path taken.
    var screenChangesDrawn = 0

    /// What the command line's hints are made from.
    struct HintsSource: Equatable {
      var table: Int
      var focus: KeyFocus
      var presented: Bool
      var screenTakesInput: Bool
      var detaches: Bool
    }

    init(writer: FrameWriter) {
      self.writer = writer
    }

    /// Whether the frame drawn would change nothing on the terminal: no cell, no cursor.
    func isUnchanged(cursor: FrameWriter.Cursor) -> Bool {
      keepingShape(cursor) == shownCursor && back.hasSameCells(as: front)
    }

    /// A hidden cursor leaves the terminal's cursor the shape it had.
    private func keepingShape(_ cursor: FrameWriter.Cursor) -> FrameWriter.Cursor {
      guard !cursor.isVisible else { return cursor }
      var kept = cursor
      kept.shapeCode = shownCursor?.shapeCode ?? 0
      return kept
    }

    /// Encodes the frame drawn (``back``) as the changes from the one on the terminal (every cell
    /// when `whole`; else those of the rows `only` says may have changed, when it says) into
    /// ``bytes``.
    mutating func encode(cursor: FrameWriter.Cursor, whole: Bool, only: [Int]? = nil) {
      bytes.removeAll(keepingCapacity: true)
      writer.write(
        from: whole ? nil : front, to: back, cursor: cursor, into: &bytes, only: only,
        shown: shownCursor)
    }

    /// The frame drawn is on the terminal now, the cursor where it left it.
    mutating func shown(cursor: FrameWriter.Cursor) {
      shownCursor = keepingShape(cursor)
      swap(&front, &back)
    }
  }

  /// What a frame is drawn from besides the screens' content and the line being typed: the
  /// shell (its identity and count of changes), the view's options (their count) and the bar's
  /// scroll, which the interpreter's layout is made from; the key table (the hints); whether the
  /// terminal detaches (the hints); the focus; the panel (its count of versions); the size.
  struct FrameInputs: Equatable {
    var shell: ObjectIdentifier
    var changes: Int
    var optionChanges: Int
    var barScroll: BarScroll
    var table: Int
    var detaches: Bool
    var focus: KeyFocus
    var panel: Int
    var columns: Int
    var rows: Int
  }

  /// A region size told to a screen.
  struct ScreenSize: Equatable {
    var screen: String
    var width: Int
    var height: Int
  }

  /// What the screens were told (``syncScreenFocus()``).
  struct ScreenFocusState {
    /// The visible screen the last frame showed: when another becomes visible, the focus follows.
    var shown: String?
    /// The screen told it has the focus (`.focus(true)`), if any.
    var focused: String?
    /// The screen and region size last told (`.resize`).
    var toldSize: ScreenSize?
  }

  /// What a frame asks the shell of its visible screen, at a count of the shell's changes.
  struct ShownFacts {
    var changes: Int
    var presented: Bool
    var takesInput: Bool
    var screen: String
  }

  /// What the screen focus follows: the shell's state and screen types (their count of
  /// changes), the view's options (theirs), the focus, the terminal screens' copy mode (its
  /// count of changes), whether a question is asked, and what the screens were told (the count
  /// of changes of ``ScreenFocusState``, where comparing its names cost a copy of each).
  struct FocusSync: Equatable {
    var changes: Int
    var optionChanges: Int
    var focus: KeyFocus
    var copyModeChanges: Int?
    var asking: Bool
    var screensChanges: Int
  }

  /// A question a command left, asked on the command line (``askQuestionLeft()``), and the focus
  /// the keys go back to once it is answered.
  struct AskedQuestion {
    var question: TabShellLanguage.Question
    var back: KeyFocus
  }

  /// What the command line, the hints and the panel show besides the line being typed: a frame
  /// is drawn when it differs from the last frame's.
  struct Chrome: Equatable {
    var focus: KeyFocus
    /// The prompt of the question asked, if one is.
    var question: String?
    var panel: Int
    var dragOffset: Int?
  }

  /// The one record of what changed since the last frame (docs/Contract.md, "The full-screen
  /// mode"): the frame is a function of the state, and this says which parts of the state may
  /// have changed that the mode cannot compare. The whole terminal (entering, a resize, `fg`,
  /// `redraw`); the pages (something ran: a command, an input to a screen, background work, a
  /// wait); and what the last frame showed around them (``Chrome``), compared with the state.
  struct FrameDamage {
    /// Every cell must be written again.
    var all = true
    /// The pages and the bar may have changed: draw them again.
    var pages = true
    /// What the last frame showed besides the pages and the line.
    var shown: Chrome?
    /// A command's wait took in work not drawn yet, and when the last frame of a wait was drawn
    /// (``drawWhileWaiting(_:)``; a ``MonotonicClock/reading()``).
    var wait: (pending: Bool, drawn: Duration?) = (false, nil)

    /// Whether a frame is due for a state that shows `chrome`. Mutating only so that the loop
    /// asks it in place: a method on the session's copy took a copy of the damage (its value
    /// witnesses) at each step, three a key a terminal tab echoes.
    mutating func needsFrame(showing chrome: Chrome) -> Bool { all || pages || shown != chrome }

    /// A frame showing `chrome` was drawn.
    mutating func drew(_ chrome: Chrome) {
      all = false
      pages = false
      shown = chrome
    }
  }

  /// What the state shows now besides the pages and the line.
  var chrome: Chrome {
    Chrome(
      focus: focus, question: asked?.question.prompt, panel: panel.version,
      dragOffset: input.drag?.offset)
  }
}
