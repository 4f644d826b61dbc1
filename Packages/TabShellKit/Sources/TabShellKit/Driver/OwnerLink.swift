/// A way to an object that neither keeps it alive nor is a weak reference to it: the object makes
/// one, hands it to what may outlive it, and empties it in its `deinit` (``clear()``); what holds
/// the link then finds `nil`, as through a weak reference.
///
/// For objects a key reaches many times (the shell, the interpreter, a terminal tab's screen and
/// session): a weak reference gives its object a side table for the rest of its life, and every
/// retain and release of the object then takes the runtime's slow path, about 50 to 70
/// instructions more each, dozens of times a key. A link keeps the object's own count inline.
///
/// The object must empty its link in `deinit`, before anything else there. Isolation: used only
/// on the thread that owns the object.
@_spi(Host)
public final class OwnerLink<Object: AnyObject> {
  /// The object, until it goes.
  public private(set) unowned(unsafe) var object: Object?

  /// A link to `object`, which empties it in its `deinit`.
  public init(_ object: Object) { self.object = object }

  /// Empties the link: from the object's `deinit`.
  public func clear() { object = nil }
}
