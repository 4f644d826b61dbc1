# Sourced by every script here, before it runs swift: an XDG base-directory variable that is set but
# empty means unset (the XDG rules say so; SwiftPM refuses it with "invalid absolute path ''"), and
# so does a relative one. Children (swift build, the tests, plugin builds) inherit the clean values.
for name in XDG_CONFIG_HOME XDG_DATA_HOME XDG_STATE_HOME XDG_CACHE_HOME XDG_RUNTIME_DIR; do
  value="${!name-}"
  if [ -n "${!name+set}" ] && [[ "$value" != /* ]]; then unset "$name"; fi
done
unset name value
