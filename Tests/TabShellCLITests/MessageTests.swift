import Testing

/// Messages a new user meets: each says what is wrong, where, and what would be right.
@Suite struct MessageTests {
  @Test(arguments: [
    ("layout swipeable; tab musci", "-c:1:19: error: no tab 'musci'; did you mean 'music'?"),
    ("layout swipeable; close-tab Satr", "-c:1:19: error: no tab 'Satr'; did you mean 'star'?"),
    (
      "layout foo",
      "-c:1:1: error: unknown layout 'foo'; the layouts are demo, lifecycle, profile, swipeable, xianyu"
    ),
    ("layout xianyo", "-c:1:1: error: unknown layout 'xianyo'; did you mean 'xianyu'?"),
    ("expect bar invisible", "-c:1:12: error: STATE must be one of hidden, shown, not 'invisible'"),
    ("exit 256", "-c:1:6: error: N must be from 0 to 255, not '256'"),
  ])
  func saysWhatIsWrongAndWhere(script: String, message: String) {
    let result = runInProcess(["-c", script])
    #expect(result.stderr == message + "\n")
  }
}
