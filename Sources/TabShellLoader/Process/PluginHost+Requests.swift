@_spi(Host) import TabShellKit
import TabShellRPC

extension PluginHost {
  /// The descriptors an event loop polls for reading while it waits (the REPL for a line): the
  /// running process plugins' stdout, stderr and exit descriptors. When one is ready, call
  /// ``settle(reading:)``.
  package var pollDescriptors: [Int32] {
    processes.flatMap { $0.client?.connection.pollDescriptors ?? [] }
  }

  /// Whether there is work that no descriptor will announce: requests already read and not yet
  /// applied, screens to mark failed, faults to report.
  package var hasPendingWork: Bool {
    !failures.isEmpty || !faults.isEmpty || !failuresToTell.isEmpty
      || processes.contains { ($0.client?.connection.incomingCount ?? 0) > 0 }
  }

  /// Applies what the process plugins asked for and what happened to them, outside any other
  /// change: their requests (with `reading`, also those they wrote since; without, only those
  /// already read while the host waited for an answer), each as a change of its own in the order
  /// they came, answered when it is a request; then marks the screens that failed, and tells
  /// each process screen's plugin that it failed (`screen/failed`: it stops the screen's timers),
  /// whatever made it fail.
  ///
  /// The requests a plugin sent while its requests were applied are the next link of a chain,
  /// applied in the same call. A chain longer than ``TabShellKit/Shell/requestLimit`` links, or
  /// more than ``TabShellKit/Shell/requestBound`` requests in all, is a runaway, as it is for a
  /// Swift screen: the rest are dropped (a request among them is answered with the error) and
  /// the command fails, naming the screen whose request went over and the limit.
  package func settle(reading: Bool = true) {
    for process in processes {
      var links = 0
      var applied = 0
      var read = reading
      while let client = process.client {
        let requests: [HostRequest]
        do throws(PluginError) {
          requests = try client.takeHostRequests(reading: read)
        } catch {
          _ = process.handle(error)
          break
        }
        read = false
        if requests.isEmpty { break }
        links += 1
        applied += requests.count
        if links > Shell.requestLimit || applied > Shell.requestBound {
          drop(
            requests, of: process,
            limit: links > Shell.requestLimit ? Shell.requestLimit : Shell.requestBound)
          break
        }
        for request in requests { apply(request, from: process) }
      }
    }
    while !failures.isEmpty {
      let (screen, message) = failures.removeFirst()
      do throws(ShellError) {
        try shell.markFailed(screen: screen, message: message)
      } catch {
        faults.append(error.description)
      }
    }
    while !failuresToTell.isEmpty {
      let (screen, message) = failuresToTell.removeFirst()
      processes.first { $0.owns(screen) }?.tellFailed(screen, message: message)
    }
  }

  /// The faults (and other failures outside any command) since the last call, each a message for
  /// the user; the command under way fails with them.
  package func takeFaults() -> [String] {
    defer { faults.removeAll() }
    return faults
  }

  /// Whether a visible screen asked to be drawn again since the last call.
  package func takeNeedsDisplay() -> Bool { shell.takeNeedsDisplay() }

  /// One request or notification of a plugin's: read as the ``TabShellKit/ScreenRequest`` a
  /// Swift screen sends, checked (the screen must be one of the plugin's live screens), sent to
  /// the shell's one entry point as that screen's request, and answered with what it returned. A
  /// notification that cannot be read or names no screen of the plugin is said on stderr; one
  /// that cannot be carried out is a `request-failed` event, as for a Swift screen.
  private func apply(_ request: HostRequest, from process: PluginProcess) {
    let screenRequest: ScreenRequest
    switch ScreenRequest.read(request) {
    case .failure(let error):
      refuse(request, of: process, error)
      return
    case .success(let value):
      screenRequest = value
    }
    if case .log(let message) = screenRequest.kind, request.screen == nil {
      writeError("\(process.name): \(neutralized(message))\n")
      answer(request, of: process, nil)
      return
    }
    let id = request.screen ?? ""
    guard process.screens.contains(where: { $0.id == id }), shell.screen(id: id) != nil else {
      let error = RPCError(
        code: RPCError.unknownScreen, message: "'\(id)' is not a screen of plugin '\(process.name)'"
      )
      refuse(request, of: process, error)
      return
    }
    var failure: String?
    do throws(ShellError) {
      if case .requestFailed(let message) = try shell.send(.request(screenRequest.kind, from: id)) {
        failure = message
      }
    } catch {
      failure = error.description
      faults.append(error.description)
    }
    answer(
      request, of: process, failure.map { RPCError(code: RPCError.requestFailed, message: $0) })
  }

  /// Stops a runaway chain of a plugin's requests: `requests` are not carried out (those with an
  /// id are answered with the error) and the command under way fails with it.
  private func drop(_ requests: [HostRequest], of process: PluginProcess, limit: Int) {
    let screen = requests.lazy.compactMap(\.screen).first ?? process.name
    let runaway = ShellError.requestRunaway(screen: screen, limit: limit)
    let error = RPCError(code: RPCError.requestFailed, message: runaway.description)
    for request in requests { answer(request, of: process, error) }
    faults.append(runaway.description)
  }

  /// Answers a request with an error, or says on stderr why a notification was not carried out.
  private func refuse(_ request: HostRequest, of process: PluginProcess, _ error: RPCError) {
    guard request.id != nil else {
      writeError(
        "warning: plugin '\(process.name)': '\(neutralized(request.method))' "
          + "not carried out: \(neutralized(error.message))\n")
      return
    }
    answer(request, of: process, error)
  }

  private func answer(_ request: HostRequest, of process: PluginProcess, _ error: RPCError?) {
    guard request.id != nil, let client = process.client else { return }
    do throws(PluginError) {
      try client.answer(request, error: error)
    } catch {
      _ = process.handle(error)
    }
  }
}
