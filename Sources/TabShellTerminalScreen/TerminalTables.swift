import CVTerm

/// The styles and the grapheme clusters the cells of a terminal's screens refer to: a cell keeps
/// a style's index and a cluster's (``TabShellCell``), as tmux's cells keep their extended data
/// out of line, so that a plain cell is 8 bytes.
///
/// Entries are added as programs use them (``index(of:)``, ``glyph(of:)``) and never change; the
/// tables are rebuilt from the cells that use them (``collect(_:)``) once they have grown past
/// ``collectAt``, so that a program that uses a new colour for every cell does not grow them
/// without end. Each rebuild bumps ``generation``: what was looked up by index before it is stale.
struct TerminalTables {
  /// The styles, the default one first.
  private(set) var styles: [TerminalStyle] = [.default]
  private var styleIndices: [TerminalStyle: UInt32] = [.default: 0]
  /// The clusters of several scalars, as text.
  private(set) var clusters: [String] = []
  private var clusterIndices: [String: UInt32] = [:]
  /// Bumped by each ``collect(_:)``.
  private(set) var generation = 0
  /// The size of either table past which ``needsCollecting``.
  private(set) var collectAt = TerminalTables.smallest

  /// The fewest entries worth a rebuild.
  static let smallest = 1_024
  /// The most scalars a cluster keeps, a character and its marks (as the canvas keeps).
  static let clusterScalarLimit = 16

  /// The index of a style, added when it is new.
  mutating func index(of style: TerminalStyle) -> UInt32 {
    if let index = styleIndices[style] { return index }
    let index = UInt32(styles.count)
    styles.append(style)
    styleIndices[style] = index
    return index
  }

  /// The style at an index (the default one for an index that is none).
  func style(_ index: UInt32) -> TerminalStyle {
    Int(index) < styles.count ? styles[Int(index)] : .default
  }

  /// The glyph of a cluster of several scalars (at most ``clusterScalarLimit`` of them kept),
  /// added when it is new.
  mutating func glyph(of scalars: some Sequence<UInt32>) -> UInt32 {
    var text = String.UnicodeScalarView()
    for value in scalars.prefix(Self.clusterScalarLimit) {
      text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    return glyph(of: String(text))
  }

  /// The glyph of a cluster given as text.
  mutating func glyph(of text: String) -> UInt32 {
    if let index = clusterIndices[text] { return index | TABSHELL_CLUSTER }
    let index = UInt32(clusters.count)
    clusters.append(text)
    clusterIndices[text] = index
    return index | TABSHELL_CLUSTER
  }

  /// The text of a glyph: its scalar, its cluster, nothing for 0 or a continuation.
  func text(of glyph: UInt32) -> String {
    if glyph == 0 || glyph == TABSHELL_CONTINUATION { return "" }
    if glyph & TABSHELL_CLUSTER != 0 {
      let index = Int(glyph & ~TABSHELL_CLUSTER)
      return index < clusters.count ? clusters[index] : "\u{FFFD}"
    }
    return Unicode.Scalar(glyph).map { String(Character($0)) } ?? "\u{FFFD}"
  }

  /// The scalars of a glyph.
  func scalars(of glyph: UInt32) -> [UInt32] {
    if glyph == 0 || glyph == TABSHELL_CONTINUATION { return [] }
    if glyph & TABSHELL_CLUSTER == 0 { return [glyph] }
    return text(of: glyph).unicodeScalars.map(\.value)
  }

  /// Whether either table has grown past ``collectAt``.
  var needsCollecting: Bool { styles.count >= collectAt || clusters.count >= collectAt }

  /// Rebuilds the tables with only what `cells` (the caller's cells, each visited once with a
  /// function that renumbers one) still use, and the styles `kept` (the pen's); renumbers the
  /// cells and returns `kept`'s new indices.
  mutating func collect(
    keeping kept: [UInt32], _ cells: ((inout TabShellCell) -> Void) -> Void
  ) -> [UInt32] {
    var usedStyles = [Bool](repeating: false, count: styles.count)
    var usedClusters = [Bool](repeating: false, count: clusters.count)
    for index in kept where Int(index) < styles.count { usedStyles[Int(index)] = true }
    usedStyles[0] = true
    cells { cell in
      if Int(cell.style) < usedStyles.count { usedStyles[Int(cell.style)] = true }
      if cell.glyph & TABSHELL_CLUSTER != 0, cell.glyph != TABSHELL_CONTINUATION {
        let index = Int(cell.glyph & ~TABSHELL_CLUSTER)
        if index < usedClusters.count { usedClusters[index] = true }
      }
    }
    let oldStyles = styles
    let oldClusters = clusters
    styles = []
    styleIndices = [:]
    clusters = []
    clusterIndices = [:]
    var styleMap = [UInt32](repeating: 0, count: oldStyles.count)
    for (index, style) in oldStyles.enumerated() where usedStyles[index] {
      styleMap[index] = self.index(of: style)
    }
    var clusterMap = [UInt32](repeating: 0, count: oldClusters.count)
    for (index, text) in oldClusters.enumerated() where usedClusters[index] {
      clusterMap[index] = glyph(of: text)
    }
    cells { cell in
      cell.style = Int(cell.style) < styleMap.count ? styleMap[Int(cell.style)] : 0
      if cell.glyph & TABSHELL_CLUSTER != 0, cell.glyph != TABSHELL_CONTINUATION {
        let index = Int(cell.glyph & ~TABSHELL_CLUSTER)
        cell.glyph = index < clusterMap.count ? clusterMap[index] : 0xFFFD
      }
    }
    generation += 1
    collectAt = max(Self.smallest, 2 * max(styles.count, clusters.count))
    return kept.map { Int($0) < styleMap.count ? styleMap[Int($0)] : 0 }
  }
}
