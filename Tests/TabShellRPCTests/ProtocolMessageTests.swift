import TabShellJSON
import Testing

@testable import TabShellRPC

/// The protocol's messages read into Swift: the description, the plugin's requests, drawings, and
/// a command's words typed for the plugin. Every mistake is said with its place.
struct ProtocolMessageTests {
  static let counter: JSONValue = [
    "name": "counter", "summary": "counts", "defaultTitle": "Counter", "icon": "○",
    "selectedIcon": "●",
    "commands": [
      [
        "name": "increment", "abstract": "add N",
        "arguments": [["name": "N", "kind": "integer", "optional": true]],
      ],
      [
        "name": "focus", "aliases": ["f"],
        "arguments": [["name": "on|off", "kind": "choice", "choices": ["on", "off"]]],
        "options": [
          ["name": "--quiet"], ["name": "--by", "kind": "integer", "valueName": "N"],
        ],
      ],
    ],
    "parameters": [["name": "--start", "kind": "integer", "valueName": "N"]],
  ]

  @Test func readsADescription() throws {
    let json: JSONValue = [
      "protocolVersion": 1, "name": "example", "screenTypes": [Self.counter, ["name": "clock"]],
      "layouts": [
        [
          "name": "demo",
          "tabs": [
            ["type": "counter", "parameters": ["start": "3"]], ["type": "clock", "id": "c"],
          ],
          "selected": 2,
        ]
      ],
    ]
    let expected = PluginDescription(
      name: "example",
      screenTypes: [
        .init(
          name: "counter", summary: "counts", defaultTitle: "Counter", icon: "○",
          selectedIcon: "●",
          commands: [
            .init(
              name: "increment",
              arguments: [.init(valueName: "N", kind: .integer, isOptional: true)],
              abstract: "add N"),
            .init(
              name: "focus", aliases: ["f"],
              arguments: [.init(valueName: "on|off", kind: .choice(["on", "off"]))],
              options: [
                .init(name: "--quiet", kind: nil),
                .init(name: "--by", kind: .integer, valueName: "N"),
              ]),
          ], parameters: [.init(name: "--start", kind: .integer, valueName: "N")]),
        .init(name: "clock", defaultTitle: "Clock", icon: "•", selectedIcon: "•"),
      ],
      layouts: [
        .init(
          name: "demo",
          tabs: [
            .init(type: "counter", parameters: ["start": "3"]), .init(type: "clock", id: "c"),
          ],
          selected: 2)
      ])
    #expect(try PluginDescription(json: json) == expected)
  }

  static let mistakes: [(JSONValue, String)] = [
    ([:], #"the description: "name" is missing"#),
    (["name": 3], #"the description: "name" must be a string, not a number"#),
    (["name": "a\u{1B}b"], "the plugin's name must be a word of printable characters"),
    (["name": "a\u{202E}b"], "the plugin's name must be a word of printable characters"),
    (
      ["name": "p", "screenTypes": 1],
      #"the description: "screenTypes" must be an array, not a number"#
    ),
    (
      ["name": "p", "screenTypes": [["name": "Big"]]],
      "screen type 'Big': a name is lower-case letters, digits and '-'"
    ),
    (
      ["name": "p", "screenTypes": [["name": "a"], ["name": "a"]]],
      "screen type 'a' is declared twice"
    ),
    (
      ["name": "p", "screenTypes": [["name": "a", "icon": nil, "summary": true]]],
      #"screen type 'a': "summary" must be a string, not a Boolean"#
    ),
    (
      [
        "name": "p",
        "screenTypes": [
          [
            "name": "a",
            "commands": [["name": "go", "arguments": [["name": "X", "kind": "bool"]]]],
          ]
        ],
      ],
      "screen type 'a', command 'go', argument 'X': unknown kind 'bool' (one of integer, text, choice, tab, screenType, path)"
    ),
    (
      [
        "name": "p",
        "screenTypes": [
          [
            "name": "a",
            "commands": [["name": "go", "arguments": [["name": "X", "kind": "choice"]]]],
          ]
        ],
      ],
      "screen type 'a', command 'go', argument 'X': a choice needs \"choices\""
    ),
    (
      [
        "name": "p",
        "screenTypes": [
          [
            "name": "a",
            "commands": [
              ["name": "go", "arguments": [["name": "X", "variadic": true], ["name": "Y"]]]
            ],
          ]
        ],
      ],
      "screen type 'a', command 'go': argument 'Y' cannot follow a variadic one"
    ),
    (
      [
        "name": "p",
        "screenTypes": [["name": "a", "commands": [["name": "go", "options": [["name": "-q"]]]]]],
      ],
      "screen type 'a', command 'go', option '-q': an option's name starts with '--'"
    ),
    (
      [
        "name": "p", "screenTypes": [["name": "a", "commands": [["name": "go"], ["name": "go"]]]],
      ],
      "screen type 'a': command 'go' is declared twice"
    ),
    (["name": "p", "layouts": [["name": "l", "tabs": []]]], "layout 'l': it has no tabs"),
    (
      ["name": "p", "screenTypes": [["name": "a", "parameters": [["name": "--on"]]]]],
      "screen type 'a', parameter '--on': a parameter takes a value (a kind)"
    ),
    (
      [
        "name": "p",
        "screenTypes": [
          [
            "name": "a",
            "parameters": [["name": "--n", "kind": "text"], ["name": "--n", "kind": "text"]],
          ]
        ],
      ],
      "screen type 'a': parameter '--n' is declared twice"
    ),
    (
      ["name": "p", "layouts": [["name": "l", "tabs": [["id": "x"]]]]],
      #"layout 'l', tab 1: "type" is missing"#
    ),
    (
      ["name": "p", "layouts": [["name": "l", "tabs": [["type": "a"]], "selected": 2]]],
      #"layout 'l': "selected" must be a position from 1 to 1"#
    ),
    (
      ["name": "p", "layouts": [["name": "l", "tabs": [["type": "a", "parameters": ["n": 1]]]]]],
      #"layout 'l', tab 1: "parameters" must hold strings, not a number"#
    ),
  ]

  @Test(arguments: mistakes)
  func refusesAMistakenDescription(_ json: JSONValue, _ message: String) {
    #expect(throws: ProtocolMistake(message)) { try PluginDescription(json: json) }
  }

  @Test func readsADrawing() throws {
    let json: JSONValue = [
      "lines": ["plain", ["a", ["text": "b", "color": "#FF8000", "bold": true]], [], "cut"],
      "background": "#000000",
    ]
    let orange = DrawnScreen.Color(red: 255, green: 128, blue: 0)
    #expect(
      try DrawnScreen(json: json, height: 3)
        == DrawnScreen(
          lines: [[.init("plain")], [.init("a"), .init("b", color: orange, bold: true)], []],
          background: .init(red: 0, green: 0, blue: 0)))
    #expect(try DrawnScreen(json: json, height: 3).text == ["plain", "ab", ""])
    #expect(
      throws: ProtocolMistake(
        #"the drawing, line 1: "color" must be a colour as #rrggbb, not '#12345g'"#)
    ) {
      try DrawnScreen(json: ["lines": [[["text": "x", "color": "#12345g"]]]], height: 1)
    }
    #expect(
      throws: ProtocolMistake(
        "the drawing, line 1 must be a string or an array of spans, not a number")
    ) {
      try DrawnScreen(json: ["lines": [1]], height: 1)
    }
    #expect(throws: ProtocolMistake(#"the drawing: "lines" must be an array, not a string"#)) {
      try DrawnScreen(json: ["lines": "x"], height: 1)
    }
  }

  @Test func readsAVersionTwoDrawing() throws {
    let json: JSONValue = [
      "lines": [
        [
          ["text": "a", "color": 9, "background": "#102030", "underline": true, "strike": true],
          ["text": "b", "dim": true, "italic": true, "reverse": true, "bold": false],
        ]
      ],
      "background": 0, "cursor": ["row": 2, "column": 5],
    ]
    let expected = DrawnScreen(
      lines: [
        [
          .init(
            "a", color: .indexed(9), background: .init(red: 0x10, green: 0x20, blue: 0x30),
            attributes: [.underline, .strike]),
          .init("b", color: nil, background: nil, attributes: [.dim, .italic, .reverse]),
        ]
      ], background: .indexed(0), cursor: .init(row: 2, column: 5))
    #expect(try DrawnScreen(json: json, height: 3, version: 2) == expected)
    // Version 1 ignores the members it does not have, and takes no index for a colour.
    #expect(
      try DrawnScreen(json: ["lines": [[["text": "b", "italic": true]]], "cursor": 1], height: 1)
        == DrawnScreen(lines: [[.init("b")]]))
    #expect(
      throws: ProtocolMistake(#"the drawing: "background" must be a string, not a number"#)
    ) { try DrawnScreen(json: ["lines": [], "background": 3], height: 1) }
    #expect(
      throws: ProtocolMistake(
        #"the drawing, line 1: "color" must be a colour as #rrggbb or 0…255, not 256"#)
    ) { try DrawnScreen(json: ["lines": [[["text": "x", "color": 256]]]], height: 1, version: 2) }
    #expect(throws: ProtocolMistake(#"the drawing's cursor: "row" is missing"#)) {
      try DrawnScreen(json: ["lines": [], "cursor": ["column": 1]], height: 1, version: 2)
    }
  }

  @Test func aCursorMayHaveAShape() throws {
    func cursor(_ members: JSONValue) throws -> DrawnScreen.Cursor? {
      try DrawnScreen(json: ["lines": [], "cursor": members], height: 1, version: 2).cursor
    }
    #expect(try cursor(["row": 0, "column": 1]) == .init(row: 0, column: 1, shape: "default"))
    for shape in DrawnScreen.Cursor.shapes {
      #expect(
        try cursor(["row": 0, "column": 1, "shape": .string(shape)])
          == .init(row: 0, column: 1, shape: shape))
    }
    #expect(
      throws: ProtocolMistake(
        "the drawing's cursor: \"shape\" must be one of default, blinking-block, block, "
          + "blinking-underline, underline, blinking-bar, bar, not 'beam'")
    ) { try cursor(["row": 0, "column": 1, "shape": "beam"]) }
    #expect(
      throws: ProtocolMistake(#"the drawing's cursor: "shape" must be a string, not a number"#)
    ) { try cursor(["row": 0, "column": 1, "shape": 6]) }
  }

  @Test func takesInputCountsFromVersionTwo() throws {
    let json: JSONValue = ["name": "p", "screenTypes": [["name": "t", "takesInput": true]]]
    #expect(try PluginDescription(json: json, version: 2).screenTypes[0].takesInput)
    #expect(try !PluginDescription(json: json, version: 1).screenTypes[0].takesInput)
    // Version 1 notes the `true` it ignored, for the host to say at load time.
    #expect(try PluginDescription(json: json, version: 2).ignored == [])
    #expect(
      try PluginDescription(json: json, version: 1).ignored == [
        "screen type 't' says \"takesInput\": true, but input needs protocol version 2 and the"
          + " plugin chose version 1: its screens take no input"
      ])
    let saysFalse: JSONValue = ["name": "p", "screenTypes": [["name": "t", "takesInput": false]]]
    #expect(try PluginDescription(json: saysFalse, version: 1).ignored == [])
  }

  @Test func typesACommandsWords() {
    let command = PluginDescription.Command(
      name: "go",
      arguments: [
        .init(valueName: "N", kind: .integer),
        .init(valueName: "WHO", kind: .text, isOptional: true),
        .init(valueName: "REST", kind: .integer, isOptional: true, isVariadic: true),
      ],
      options: [
        .init(name: "--by", kind: .integer, valueName: "N"), .init(name: "--quiet", kind: nil),
      ])
    let all = command.typedArguments(
      positionals: ["3", "you", "1", "x"], options: [("--by", "2"), ("--quiet", ""), ("--by", "5")])
    #expect(all.arguments == [3, "you", [1, "x"]])
    #expect(all.options == ["--by": 5, "--quiet": true])
    let few = command.typedArguments(positionals: ["99999999999999999999"], options: [])
    #expect(few.arguments == ["99999999999999999999", nil, []])
    #expect(few.options == [:])
  }
}
