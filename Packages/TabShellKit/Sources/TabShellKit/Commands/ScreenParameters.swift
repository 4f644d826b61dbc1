/// A screen type's declared parameters (``ScreenType/parameters``), as the host checks the ones a
/// new screen is given.
@_spi(Host)
public enum ScreenParameters {
  /// The name a parameter is given by in `--param KEY=VALUE` and in
  /// ``ScreenConfiguration/parameters``: its option's name without the dashes.
  public static func key(of parameter: CommandParameter) -> String {
    let name = parameter.spec.name
    return name.hasPrefix("--") ? String(name.dropFirst(2)) : name
  }

  /// The declared parameter of `type` that `--option` names.
  public static func parameter(_ option: String, of type: any ScreenType) -> CommandParameter? {
    type.parameters.first { $0.spec.name == option }
  }

  /// The value of `word` for the parameter `parameter` of `type`, as its kind says.
  public static func value(
    of word: String, for parameter: CommandParameter, of type: any ScreenType
  ) throws(ShellError) -> ArgumentValue {
    guard let kind = parameter.spec.kind else { return .flag }
    do throws(ArgumentError) {
      return try kind.value(of: word)
    } catch {
      throw .invalidParameter(type: type.name, option: parameter.spec.name, error: error)
    }
  }

  /// The values of the declared parameters among those given by name (without dashes), each
  /// checked; the others stay words, in ``ScreenConfiguration/parameters`` only.
  static func values(_ words: [String: String], of type: any ScreenType)
    throws(ShellError) -> [String: ArgumentValue]
  {
    var values: [String: ArgumentValue] = [:]
    for parameter in type.parameters {
      let key = key(of: parameter)
      if let word = words[key] { values[key] = try value(of: word, for: parameter, of: type) }
    }
    return values
  }
}
