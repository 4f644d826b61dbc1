"""Writes the lists of the functions a key runs in tabshell-host and in the core's library, for
their release links to lay them out together (Sources/tabshell/hot-symbols.txt and
Packages/TabShellKit/hot-symbols.txt, read by lld's --symbol-ordering-file; the Package.swift
files).

A key a terminal tab echoes, or a tab switch in the bar, runs about 16,000 instructions of the two,
nearly each of them once: its code is spread over whatever pages the linker put each function
on, and a key that comes after a wait finds little of it in the caches. Laid out together, the
functions it runs take fewer pages (docs/Performance.md, "A seventh pass").

The functions are found by callgrind (tui_bench.key_instructions, its dumps kept): those of each
binary whose own instructions (not their callees') come to at least one every other key, in two
runs, `cat` echoing keys and lines in a terminal tab and the demo's bar switching tabs, the
costliest first.
Usage: python3 Benchmarks/hot_symbols.py BIN_DIR HOST_LIST CORE_LIST (scripts/hot-symbols runs it).
"""

import collections
import os
import sys
import tempfile

import tui_bench

RUNS = [
    # (start-up, keys, keys in the bar focus)
    ("add-tab terminal --id t -- sh -c 'exec cat'\n", [b"x", b"y", b"z", b"\r"], False),
    ("layout demo\n", [b"2", b"1"], True),
]
COUNT = 200


def main():
    bin_dir = sys.argv[1]
    outputs = {"/tabshell-host": sys.argv[2], "/libTabShellKit.so": sys.argv[3]}
    host = os.path.join(bin_dir, "tabshell-host")
    ordered = {binary: [] for binary in outputs}
    for startup, keys, bar_focus in RUNS:
        with tempfile.TemporaryDirectory(prefix="tabshell-hot-symbols-") as kept:
            # Where tui_bench keeps the dumps, for this run only.
            os.environ["KEY_CG_OUT"] = kept
            try:
                tui_bench.key_instructions(host, 80, 24, startup, COUNT, keys,
                                           bar_focus=bar_focus)
            finally:
                del os.environ["KEY_CG_OUT"]
            dumps = [os.path.join(kept, dump) for dump in os.listdir(kept)
                     if dump.startswith(f"cg.{COUNT}.")]
            for binary, functions in ordered.items():
                costs = collections.Counter()
                for dump in dumps:
                    for obj, function, _, instructions in tui_bench.callgrind_costs(dump):
                        if obj and obj.endswith(binary):
                            costs[function] += instructions
                for function, cost in costs.most_common():
                    # Unnamed code (callgrind names it by its address) cannot be asked for by name.
                    if (cost >= COUNT // 2 and not function.startswith("0x")
                            and function not in functions):
                        functions.append(function)
    for binary, output in outputs.items():
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(f"# {binary[1:]}'s functions a key runs, the costliest first: laid out\n"
                         "# together by the release link (Package.swift). Made by\n"
                         "# scripts/hot-symbols; a name no longer in the binary is passed over.\n")
            handle.writelines(f"{function}\n" for function in ordered[binary])
        print(f"hot-symbols: {len(ordered[binary])} functions written to {output}")


if __name__ == "__main__":
    main()
