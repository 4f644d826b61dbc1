# Sourced by scripts/run and scripts/test. build_with_progress LOG ARGS...: runs `swift build ARGS`,
# keeping its whole output in LOG, and on a terminal shows one line that advances ("build: [N/M]
# Compiling ..."), so that a first build (a few minutes) is not a silence, and prints errors and
# warnings as they come. Returns swift build's status.
build_with_progress() {
  local log="$1" line shown=false terminal=false
  shift
  touch_importers_of_changed_shims
  [ -t 2 ] && terminal=true
  : > "$log"
  while IFS= read -r line; do
    printf '%s\n' "$line" >> "$log"
    case "$line" in
      \[[0-9]*/[0-9]*\]*)
        if $terminal; then
          printf '\r\033[Kbuild: %s' "${line:0:$(( ${COLUMNS:-80} - 8 ))}" >&2
          shown=true
        fi
        ;;
      *error:* | *warning:*)
        if $terminal; then
          if $shown; then printf '\r\033[K' >&2; shown=false; fi
          printf '%s\n' "$line" >&2
        fi
        ;;
    esac
  done < <(swift build "$@" 2>&1; echo "__status $?")
  if $shown; then printf '\r\033[K' >&2; fi
  local status
  status="$(tail -n 1 "$log" | sed -n 's/^__status //p')"
  sed -i '$d' "$log"
  return "${status:-1}"
}

# SwiftPM does not compile a Swift file again when only a header of a module map it imports
# changed (Sources/CPlatform, CReadline, CVTerm, whose `static inline` functions are compiled into
# the Swift files that call them): a build after such a change kept the old code. So when those headers differ from the last build's (a checksum in .build), the Swift files
# that import them are touched first; with no checksum yet in an existing .build, too.
touch_importers_of_changed_shims() {
  local base="${root:-.}" stamp sum
  stamp="$base/.build/c-shims.checksum"
  sum="$(cat "$base"/Sources/CPlatform/* "$base"/Sources/CReadline/* "$base"/Sources/CVTerm/* |
    cksum)"
  if [ -d "$base/.build" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
    grep -rlE '^(@[A-Za-z_()]+ )*import (CPlatform|CReadline|CVTerm)$' --include='*.swift' \
      "$base/Sources" "$base/Tests" "$base/fuzz" "$base/plugins" "$base/Benchmarks" |
      xargs -r touch
  fi
  mkdir -p "$base/.build"
  printf '%s\n' "$sum" > "$stamp"
}
