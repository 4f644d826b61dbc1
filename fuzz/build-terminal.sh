#!/usr/bin/env bash
# Builds the libFuzzer target for terminal input (fuzz/FuzzTerminal.swift): the core, the platform
# file and the terminal layer as modules, and the terminal screen type's sources compiled with the
# target into one module (the target reaches its internal types), with coverage instrumentation,
# linked into OUT/tabshell-fuzz-terminal.
#
# With TABSHELL_FUZZ_VTERM_SOURCE=DIR (libvterm 0.1.4's source: Debian's libvterm_0.1.4.orig.tar.gz,
# or `apt-get source libvterm` with deb-src), libvterm is built from DIR/src with AddressSanitizer
# and the fuzzer's coverage and linked in place of the system's, and the Swift code is built with
# it too: libvterm's own reads and writes past its buffers are then caught, and its parser's
# branches guide the fuzzer (the system's library is not instrumented).
# Usage: fuzz/build-terminal.sh OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: fuzz/build-terminal.sh OUT}"
mkdir -p "$out/terminal"
out="$(cd "$out/terminal" && pwd)"
# -assert-config Debug keeps the preconditions and assertions on, as in the tests.
flags=(${TABSHELL_FUZZ_OPT:--O -assert-config Debug} -gline-tables-only -sanitize=fuzzer -parse-as-library -swift-version 6 -package-name tabshell -I "$out" -I "$root/Sources/CVTerm" -I "$root/Sources/CPlatform")
vterm=(-lvterm)
if [ -n "${TABSHELL_FUZZ_VTERM_SOURCE:-}" ]; then
  source_dir="$(cd "$TABSHELL_FUZZ_VTERM_SOURCE" && pwd)"
  # One -sanitize flag: a second would replace the first (the fuzzer's coverage).
  flags=("${flags[@]/#-sanitize=fuzzer/-sanitize=fuzzer,address}")
  mkdir -p "$out/vterm"
  for file in "$source_dir"/src/*.c; do
    clang -c -g -O1 -fsanitize=address,fuzzer-no-link -I "$source_dir/include" "$file" \
      -o "$out/vterm/$(basename "$file" .c).o"
  done
  rm -f "$out/libvterm-source.a"
  ar rcs "$out/libvterm-source.a" "$out"/vterm/*.o
  vterm=("$out/libvterm-source.a")
fi
. "$root/fuzz/modules.sh"
cd "$root"
module TabShellKit Packages/TabShellKit/Sources/TabShellKit
module TabShellPlatform Sources/TabShellPlatform
module TabShellRendering Sources/TabShellRendering
module TabShellTerminal Sources/TabShellTerminal
files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$root/Sources/TabShellTerminalScreen" -name '*.swift' | sort)
swiftc "${flags[@]}" -module-name TabShellTerminalScreen "${files[@]}" "$root/fuzz/FuzzTerminal.swift" \
  "$out"/TabShellKit.o "$out"/TabShellPlatform.o "$out"/TabShellRendering.o "$out"/TabShellTerminal.o \
  "${vterm[@]}" -o "$out/tabshell-fuzz-terminal"
echo "$out/tabshell-fuzz-terminal"
