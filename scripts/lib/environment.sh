# Sourced by every script here, before it runs swift: an XDG base-directory variable that is set but
# empty means unset (the XDG rules say so; SwiftPM refuses it with "invalid absolute path ''"), and
# so does a relative one. Children (swift build, the tests, plugin builds) inherit the clean values.
for name in XDG_CONFIG_HOME XDG_DATA_HOME XDG_STATE_HOME XDG_CACHE_HOME XDG_RUNTIME_DIR; do
  value="${!name-}"
  if [ -n "${!name+set}" ] && [[ "$value" != /* ]]; then unset "$name"; fi
done
unset name value

# A toolchain installed at /opt/swift (as the Swift images and tarballs put it) is used when no
# `swift` is on PATH, so that a new shell whose profile does not name it still builds.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  PATH="/opt/swift/usr/bin:$PATH"
  export PATH
fi
