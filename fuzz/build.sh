#!/usr/bin/env bash
# Builds a libFuzzer target: compiles the package's modules (the core, the platform file, the
# built-in screens, the renderer, the terminal layer, JSON, the process plugins' transport, the
# loader, the terminal screen type, the language and the edge's modules) with coverage instrumentation, one module at a time with swiftc, and
# links them with the target: fuzz/FuzzScript.swift into OUT/tabshell-fuzz (TARGET script, the
# default), or fuzz/FuzzSessions.swift into OUT/tabshell-fuzz-sessions (TARGET sessions).
#
# With TABSHELL_FUZZ_READLINE_SOURCE=DIR (readline 8.2's source with Debian's patches: Debian's
# readline_8.2.orig.tar.gz and its debian/patches, or `apt-get source readline` with deb-src),
# readline is built from DIR with AddressSanitizer (in OUT/readline) and linked in place of the
# system's, and the Swift code is built with it too: a use after free or a double free inside
# readline is then caught where it happens, with the stack that freed it, where the system's
# readline under glibc notices one now and then, or never.
# Usage: fuzz/build.sh OUT [TARGET]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: fuzz/build.sh OUT [script|sessions]}"
case "${2:-script}" in
  script) main=FuzzScript binary=tabshell-fuzz ;;
  sessions) main=FuzzSessions binary=tabshell-fuzz-sessions ;;
  *) echo "usage: fuzz/build.sh OUT [script|sessions]" >&2; exit 2 ;;
esac
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# -assert-config Debug keeps the core's invariant checks and the preconditions on, as in the tests.
flags=(${TABSHELL_FUZZ_OPT:--O -assert-config Debug} -gline-tables-only -sanitize=fuzzer -parse-as-library -swift-version 6 -package-name tabshell -I "$out" -I "$root/Sources/CReadline" -I "$root/Sources/CVTerm" -I "$root/Sources/CPlatform")
if [ -n "${TABSHELL_FUZZ_READLINE_SOURCE:-}" ]; then
  # One -sanitize flag: a second would replace the first (the fuzzer's coverage).
  flags=("${flags[@]/#-sanitize=fuzzer/-sanitize=fuzzer,address}")
fi
. "$root/fuzz/modules.sh"
module TabShellKit Packages/TabShellKit/Sources/TabShellKit
module TabShellPlatform Sources/TabShellPlatform
module BuiltinScreens plugins/BuiltinScreens
module TabShellRendering Sources/TabShellRendering
module TabShellTerminal Sources/TabShellTerminal
module TabShellJSON Sources/TabShellJSON
module TabShellRPC Sources/TabShellRPC
module TabShellSessions Sources/TabShellSessions
module TabShellLoader Sources/TabShellLoader
module TabShellTerminalScreen Sources/TabShellTerminalScreen
module TabShellLanguage Sources/TabShellLanguage
module TabShellHost Sources/TabShellHost
module TabShellFullScreen Sources/TabShellFullScreen
module TabShellREPL Sources/TabShellREPL
module TabShellSessionServer Sources/TabShellSessionServer
module TabShellTestRunner Sources/TabShellTestRunner
module TabShellCommandLine Sources/TabShellCommandLine
readline=(-lreadline)
if [ -n "${TABSHELL_FUZZ_READLINE_SOURCE:-}" ]; then
  source_dir="$(cd "$TABSHELL_FUZZ_READLINE_SOURCE" && pwd)"
  mkdir -p "$out/readline"
  if [ ! -f "$out/readline/libreadline.a" ] || [ -n "$(find "$source_dir" -name '*.[ch]' -newer "$out/readline/libreadline.a" | head -1)" ]; then
    echo "== build readline from $source_dir with AddressSanitizer" >&2
    (cd "$out/readline" && CC=clang CFLAGS="-g -O1 -fsanitize=address,fuzzer-no-link" \
      "$source_dir/configure" --disable-shared > configure.log 2>&1 && make -j2 static > make.log 2>&1) \
      || { echo "fuzz/build.sh: readline's build failed: see $out/readline/configure.log, make.log" >&2; exit 1; }
  fi
  readline=("$out/readline/libreadline.a" -ltinfo)
fi
objects=()
for name in TabShellKit TabShellPlatform BuiltinScreens TabShellRendering TabShellTerminal TabShellJSON \
  TabShellRPC TabShellSessions TabShellLoader TabShellTerminalScreen TabShellLanguage TabShellHost \
  TabShellFullScreen TabShellREPL TabShellSessionServer TabShellTestRunner TabShellCommandLine; do
  objects+=("$out/$name.o")
done
swiftc "${flags[@]}" -module-name "$main" "$root/fuzz/$main.swift" "${objects[@]}" \
  "${readline[@]}" -lvterm -o "$out/$binary"
echo "$out/$binary"
