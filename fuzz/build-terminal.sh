#!/usr/bin/env bash
# Builds the libFuzzer target for terminal input (fuzz/FuzzTerminal.swift): the core, the platform
# file and the terminal layer as modules, and the terminal screen type's sources compiled with the
# target into one module (the target reaches its internal types), with coverage instrumentation,
# linked into OUT/tabshell-fuzz-terminal.
# Usage: fuzz/build-terminal.sh OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: fuzz/build-terminal.sh OUT}"
mkdir -p "$out/terminal"
out="$(cd "$out/terminal" && pwd)"
# -assert-config Debug keeps the preconditions and assertions on, as in the tests.
flags=(${TABSHELL_FUZZ_OPT:--O -assert-config Debug} -gline-tables-only -sanitize=fuzzer -parse-as-library -swift-version 6 -package-name tabshell -I "$out" -I "$root/Sources/CVTerm" -I "$root/Sources/CPlatform")
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
  -lvterm -o "$out/tabshell-fuzz-terminal"
echo "$out/tabshell-fuzz-terminal"
