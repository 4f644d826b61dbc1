#!/usr/bin/env python3
"""Runs the example process plugins inside the built `tabshell`, as a user does: loaded with
--plugin, their screens, commands, badges and layouts used from scripts, and a Python plugin that
crashes, which the shell survives.

    python3 Tests/process-plugins/test_shell.py      # prints "N passed, N failed"

The binary is $TABSHELL_BIN (default .build/debug/tabshell).
"""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import testmain  # noqa: E402 - Tests/support: the runner the test files here share

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("TABSHELL_BIN", os.path.join(ROOT, ".build", "debug", "tabshell"))
KIT = os.path.join(ROOT, "plugins", "python")
EXAMPLE = os.path.join(KIT, "example_counter.py")
HELLO = os.path.join(ROOT, "plugins", "sh", "hello.sh")


def tabshell(*arguments, timeout=30):
    """(status, stdout, stderr) of a run with no plugin folder and no colour."""
    env = dict(os.environ, HOME="/nonexistent", NO_COLOR="1")
    env.pop("XDG_DATA_HOME", None)
    child = subprocess.run([BINARY, "--no-plugins", "--width", "40", *arguments],
                           capture_output=True, text=True, timeout=timeout, env=env)
    return child.returncode, child.stdout, child.stderr


def test_the_example_through_the_shell():
    status, out, err = tabshell("--plugin", EXAMPLE, "-c", """
        layout python-demo; increment 2; increment 3; expect badge count 5
        focus; expect bar hidden; focus off; expect bar shown
        tab clock; expect selected clock; tab count; reset; expect badge count none""")
    assert (status, err) == (0, ""), err
    assert out == "Count: 2\nCount: 5\nCount: 0\n", out


def test_the_example_draws_through_the_shell():
    status, out, err = tabshell("--plugin", EXAMPLE, "-c", "layout python-demo; show")
    assert status == 0, err
    lines = out.splitlines()
    assert "count: 0" in [line.strip() for line in lines], out
    assert lines[-1].split() == ["[1", "Count]", "2", "Clock"], out


def test_the_template_passes_its_test():
    status, out, err = tabshell("--plugin", os.path.join(KIT, "template.py"),
                                os.path.join(KIT, "template.tabsh"))
    assert (status, err) == (0, ""), err
    assert out == "hello, world\nhello, you\n"


def test_the_sh_plugin():
    status, out, err = tabshell("--plugin", HELLO, "-c",
                                "add-tab hello; greet moon; expect badge hello hi; greet sun")
    assert status == 1
    assert out == "Hello, moon!\n"
    assert err.startswith("-c:1:57: error: WHO must be one of world, moon, not 'sun'"), err


def kit_plugin(folder, name, body):
    """A Python plugin on the kit in `folder`: `body` after the kit's imports; its path."""
    shutil.copy(os.path.join(KIT, "tabshell_plugin.py"), folder)
    path = os.path.join(folder, name)
    with open(path, "w") as handle:
        handle.write(
            "#!/usr/bin/env python3\n"
            "import os, sys\n"
            "sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\n"
            "from tabshell_plugin import Plugin, Screen, command\n" + body)
    os.chmod(path, 0o755)
    return path


def test_a_python_plugin_that_crashes_is_stopped_and_the_shell_goes_on():
    folder = tempfile.mkdtemp(prefix="tabshell-crash-")
    try:
        path = kit_plugin(folder, "crashy.py", (
                "class Crashy(Screen):\n"
                "    name = 'crashy'\n"
                "    @command(abstract='raise')\n"
                "    def oops(self):\n"
                "        raise ValueError('a bug')\n"
                "    @command(abstract='crash')\n"
                "    def crash(self):\n"
                "        sys.stderr.write('going down\\n'); sys.stderr.flush()\n"
                "        os._exit(7)\n"
                "Plugin('crashy', screens=[Crashy]).run()\n"))
        status, out, err = tabshell("--keep-going", "--plugin", path, "--plugin", EXAMPLE, "-c", """
            add-tab crashy --id c; oops; crash; state; add-tab counter --id n; tab n
            increment; plugins""")
        assert status == 1, err
        lines = err.splitlines()
        # A raised exception refuses the command; its traceback goes to stderr, prefixed.
        assert "-c:2:36: error: ValueError: a bug" in lines, err
        assert "crashy: ValueError: a bug" in lines, err
        # A crash stops the plugin: the command fails, the screen shows why, the rest goes on.
        assert "crashy: going down" in lines, err
        stopped = "plugin 'crashy' stopped: the plugin exited with status 7"
        assert f"-c:2:42: error: {stopped}" in lines, err
        assert "Counter: 1" in out, out
        assert "  kind: process, stopped: the plugin exited with status 7" in out, out
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def shadowing_plugin(folder, body):
    return kit_plugin(folder, "shadow.py", (
        "class Base(Screen):\n"
        "    name = 'shadow'\n"
        "    @command(abstract='count')\n"
        "    def count(self):\n"
        "        return 'counted'\n"
        + body
        + "Plugin('shadow', screens=[Shadow]).run()\n"))


def test_an_attribute_that_hides_a_command_is_said_not_called():
    folder = tempfile.mkdtemp(prefix="tabshell-shadow-")
    try:
        # An instance attribute of the command's name: the command fails, saying so.
        path = shadowing_plugin(folder, (
            "class Shadow(Base):\n"
            "    def created(self):\n"
            "        self.count = 0\n"))
        status, out, err = tabshell("--plugin", path, "-c", "add-tab shadow; count")
        assert status == 1, err
        assert "the attribute 'count' of screen 'shadow' hides the command 'count'" in err, err
        # A class attribute in a subclass: the plugin is refused when it starts, naming both.
        path = shadowing_plugin(folder, "class Shadow(Base):\n    count = 0\n")
        status, out, err = tabshell("--plugin", path, "-c", "add-tab shadow; count")
        assert status != 0, err
        assert "Shadow.count hides the command 'count'" in err, err
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(testmain.run(globals(), BINARY))
