#!/usr/bin/env python3
"""What `tabshell test` leaves for a failing terminal test, read by real consumers (docs/Contract.md,
"The test runner"): `--artifacts DIR` keeps, for each failing script only, the frame's picture
(rendered by cairosvg), each terminal's text and last 200 lines of scrollback, and a recording
`asciinema cat` plays; `--html FILE` is a page headless Chromium opens, listing every script with
its verdict and showing the failures' pictures inline; a flaky script's JUnit report is valid for
the published junit-10 schema (xmllint).

Run:  python3 Tests/harness/test_reports.py [WORD...]   (prints "N passed, N failed")
The binary is $TABSHELL_BIN (default .build/debug/tabshell). Needs cairosvg, asciinema, chromium
and xmllint (`scripts/setup --test` installs them).
"""

import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

import cairosvg
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

ROOT = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell"))
SCHEMA = os.path.join(ROOT, "Tests", "schemas", "junit-10.xsd")

# A program that prints 300 numbered lines, then a red error and a prompt, and waits.
PROGRAM = r"""i=1; while [ $i -le 300 ]; do echo "log line $i"; i=$((i+1)); done
printf '\033[1;31mERROR\033[0m disk full\n$ '; sleep 30
"""
SCRIPTS = {
    "ok.tabsh": "add-tab text --id a\nexpect tabs 1\n",
    "ui/fails.tabsh": "size 50 12\nadd-tab terminal --id term -- sh ../program.sh\n"
                      "wait-for --to term 'disk full'\nexpect style --to term ERROR --fg green\n",
    # Passes on its second try: the first leaves a mark.
    "flaky.tabsh": "add-tab terminal --id t -- sh -c 'if [ -e mark ]; then echo again; else "
                   "touch mark; echo first; fi; sleep 9'\nwait-for --timeout 1 again\n",
}


def suite():
    folder = tempfile.mkdtemp(prefix="tabshell-reports-")
    for name, text in SCRIPTS.items():
        os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    with open(os.path.join(folder, "program.sh"), "w", encoding="utf-8") as handle:
        handle.write(PROGRAM)
    return folder


def run(folder, *options):
    return subprocess.run([BINARY, "test", *options, "."], cwd=folder, capture_output=True,
                          text=True, timeout=120)


def test_artifacts_are_kept_for_the_failing_script_only():
    folder = suite()
    try:
        result = run(folder, "--retries", "1", "--artifacts", "out")
        assert result.returncode == 1, result.stdout
        assert "FAIL ui/fails.tabsh:4:1: expect failed: 'ERROR'" in result.stdout, result.stdout
        kept = os.path.join(folder, "out", "ui", "fails")
        assert sorted(os.listdir(os.path.join(folder, "out"))) == ["ui"], os.listdir(
            os.path.join(folder, "out"))
        assert sorted(os.listdir(kept)) == ["run.cast", "screen.svg", "screen.txt",
                                            "term.scrollback.txt", "term.txt"], os.listdir(kept)
        with open(os.path.join(kept, "term.txt"), encoding="utf-8") as handle:
            assert "ERROR disk full" in handle.read()
        with open(os.path.join(kept, "term.scrollback.txt"), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        # The last 200 of the lines that scrolled off the terminal's top.
        assert len(lines) == 200, len(lines)
        assert re.fullmatch(r"log line \d+", lines[0]) and lines[-1].startswith("log line"), lines
        numbers = [int(line.split()[-1]) for line in lines]
        assert numbers == list(range(numbers[0], numbers[0] + 200)), numbers
        # The picture renders, with the error in red on the frame.
        png = cairosvg.svg2png(url=os.path.join(kept, "screen.svg"))
        image = Image.open(io.BytesIO(png)).convert("RGB")
        assert (0xC5, 0x0F, 0x1F) in {c[1][:3] for c in image.getcolors(100000)}
        # The recording plays.
        played = subprocess.run([sys.executable, "-m", "asciinema", "cat",
                                 os.path.join(kept, "run.cast")], capture_output=True, timeout=60)
        assert played.returncode == 0 and b"disk full" in played.stdout, played.stderr
    finally:
        shutil.rmtree(folder)


def chromium(*arguments):
    return subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                           "--no-first-run", *arguments], capture_output=True, text=True,
                          timeout=120)


def test_the_html_report_opens_in_chromium_with_every_verdict_and_the_pictures():
    folder = suite()
    try:
        result = run(folder, "--retries", "1", "--html", "report.html", "--junit", "junit.xml")
        assert result.returncode == 1, result.stdout
        page = os.path.join(folder, "report.html")
        dom = chromium("--dump-dom", "file://" + page).stdout
        for verdict, script in [("flaky", "flaky.tabsh"), ("ok", "ok.tabsh"),
                                ("FAIL", "ui/fails.tabsh")]:
            assert re.search(rf"<td>{verdict}</td><td>(<a href=\"#s\d\">)?{re.escape(script)}", dom), \
                (verdict, dom[:3000])
        assert dom.count("<svg") == 1 and "ERROR" in dom and "expected --fg green" in dom, dom[:3000]
        assert "term.scrollback.txt" in dom
        # Nothing is left of the pictures but the page: --html alone keeps no folder.
        assert sorted(os.listdir(folder)) == ["flaky.tabsh", "junit.xml", "mark", "ok.tabsh",
                                              "program.sh", "report.html", "ui"], os.listdir(folder)
        shot = os.path.join(folder, "report.png")
        chromium("--screenshot=" + shot, "--window-size=900,1400", "file://" + page)
        assert Image.open(shot).size == (900, 1400)
        # The flaky script's JUnit report is valid for the published schema.
        checked = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA,
                                  os.path.join(folder, "junit.xml")], capture_output=True, text=True)
        if os.path.exists(SCHEMA):
            assert checked.returncode == 0, checked.stderr
        with open(os.path.join(folder, "junit.xml"), encoding="utf-8") as handle:
            assert '<flakyFailure message="flaky.tabsh:2:1: wait-for timed out' in handle.read()
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
