@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellRPC
import Testing

/// A process plugin's `host/…` requests read as the core's ``ScreenRequest``, the one definition a
/// Swift screen's context sends too; every mistake is the error to answer with, said with its place.
struct ScreenRequestReadingTests {
  static let requests: [(IncomingMessage, String?, Result<ScreenRequest, RPCError>)] = [
    (
      .init(id: nil, method: "host/setBadge", params: ["screen": "a", "value": "3"]), "a",
      .success(.setBadge("3"))
    ),
    (
      .init(id: 1, method: "host/setBadge", params: ["screen": "a", "value": 4]), "a",
      .success(.setBadge("4"))
    ),
    (
      .init(id: nil, method: "host/setBadge", params: ["screen": "a", "value": nil]), "a",
      .success(.setBadge(nil))
    ),
    (
      .init(id: nil, method: "host/setBarHidden", params: ["screen": "a", "hidden": true]), "a",
      .success(.setBarHidden(true))
    ),
    (
      .init(id: nil, method: "host/setHidesBar", params: ["screen": "a", "hides": false]), "a",
      .success(.setHidesBar(false))
    ),
    (
      .init(id: nil, method: "host/selectTab", params: ["screen": "a", "tab": 2]), "a",
      .success(.selectTab("2"))
    ),
    (
      .init(id: nil, method: "host/selectTab", params: ["screen": "a", "tab": "inbox"]), "a",
      .success(.selectTab("inbox"))
    ),
    (
      .init(
        id: nil, method: "host/push",
        params: ["screen": "a", "type": "text", "title": "T", "hidesBar": true]), "a",
      .success(.push("text", title: "T", hidesBar: true))
    ),
    (
      .init(id: nil, method: "host/push", params: ["screen": "a", "type": "text"]), "a",
      .success(.push("text"))
    ),
    (
      .init(id: nil, method: "host/present", params: ["screen": "a", "type": "post"]), "a",
      .success(.present("post"))
    ),
    (.init(id: nil, method: "host/dismiss", params: ["screen": "a"]), "a", .success(.dismiss)),
    (.init(id: nil, method: "host/log", params: ["message": "hi"]), nil, .success(.log("hi"))),
    (
      .init(id: nil, method: "host/setNeedsDisplay", params: ["screen": "a"]), "a",
      .success(.setNeedsDisplay)
    ),
    (
      .init(id: nil, method: "host/setTitle", params: ["screen": "a", "title": "build"]), "a",
      .success(.setTitle("build"))
    ),
    (.init(id: nil, method: "host/bell", params: ["screen": "a"]), "a", .success(.bell)),
    (.init(id: nil, method: "host/activity", params: ["screen": "a"]), "a", .success(.activity)),
    (
      .init(id: nil, method: "host/exited", params: ["screen": "a", "status": 3]), "a",
      .success(.exited(status: 3))
    ),
    (
      .init(id: 4, method: "host/exited", params: ["screen": "a"]), "a",
      .failure(
        RPCError(code: RPCError.invalidParams, message: #"'host/exited': "status" is missing"#))
    ),
    (
      .init(id: 2, method: "host/fly", params: ["screen": "a"]), "a",
      .failure(RPCError(code: RPCError.methodNotFound, message: "unknown method 'host/fly'"))
    ),
    (
      .init(id: 2, method: "screen/draw", params: nil), nil,
      .failure(RPCError(code: RPCError.methodNotFound, message: "unknown method 'screen/draw'"))
    ),
    (
      .init(id: 3, method: "host/setBadge", params: ["value": "1"]), nil,
      .failure(
        RPCError(code: RPCError.invalidParams, message: #"'host/setBadge': "screen" is missing"#))
    ),
    (
      .init(id: 3, method: "host/setBadge", params: ["screen": "a"]), "a",
      .failure(
        RPCError(
          code: RPCError.invalidParams,
          message: #"'host/setBadge': "value" is missing (null clears the badge)"#))
    ),
    (
      .init(id: 3, method: "host/setBarHidden", params: ["screen": "a", "hidden": "yes"]), "a",
      .failure(
        RPCError(
          code: RPCError.invalidParams,
          message: #"'host/setBarHidden': "hidden" must be true or false, not a string"#))
    ),
    (
      .init(id: 3, method: "host/push", params: ["screen": "a"]), "a",
      .failure(RPCError(code: RPCError.invalidParams, message: #"'host/push': "type" is missing"#))
    ),
  ]

  @Test(arguments: requests)
  func readsTheRequestsOfAPlugin(
    _ message: IncomingMessage, _ screen: String?, _ action: Result<ScreenRequest, RPCError>
  ) {
    let request = HostRequest(message)
    #expect(request.screen == screen)
    #expect(ScreenRequest.read(request) == action)
  }
}
