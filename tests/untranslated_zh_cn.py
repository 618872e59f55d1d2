#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs sharescope in Chinese and fails on English it should not print.

Each command runs with --lang zh_CN on the OpenCL device (PoCL on a machine
without a GPU): the top-level help and every command's help, `run`,
`compare`, `sweep`, the demos that run here and those told from their
shipped examples (with a prediction answered), `show` of every shipped
report (its lesson, its Compare notes), `calibrate`, `modes`, `devices`,
commands that are refused, `gui` ones among them, and errors that carry
the system's words (a file that cannot be written, an empty report). Also
fails on Chinese that reads as English said again (GRAMMAR), a figure
wrapped away from its unit, and a line that starts with 了. A line fails when it holds
an English word of three or more letters that is not a name the user types
or reads as it is: an option (--size), a mode, kernel, phase or demo name, an
API or file name (cudaMalloc, CL_MEM_USE_HOST_PTR, sweep.json), an acronym
(CUDA, GPU), a number with its unit (64MiB), or one of the few words of
ALLOWED. What the system names (the device, its driver, paths) is taken out
first. Also fails when a line of help is wider than 80 terminal columns
(Chinese characters take two), and when a Traditional Chinese locale does
not fall back to the Simplified translation.

Usage: tests/untranslated_zh_cn.py SHARESCOPE_BINARY   (exit 1 on a finding)
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unicodedata

BINARY = sys.argv[1] if len(sys.argv) > 1 else "build/default/app/sharescope"
HELP_WIDTH = 80
RUNTIME_DIR = tempfile.TemporaryDirectory()

# Names kept in English in every language, each with why. Everything else
# is found by its shape (see allowed()).
ALLOWED = {
    # the product and the platforms, libraries and tools it names
    "ShareScope", "sharescope", "OpenCL", "PoCL", "NVIDIA", "PCIe", "Linux", "Unix", "Python", "python3",
    "CuPy", "PyTorch", "numba", "Nsight", "pyopencl", "pagemap", "DLPack", "Perfetto", "NVLink",
    # --fill values, ipc-export's --memory kinds and on/off switches: what the user types
    "index", "zeros", "ones", "off", "all", "legacy", "per-thread", "vmm", "pool",
    # --records values: where the counted pass takes its migration records
    "driver-events", "cupti", "none",
    # the kernels (the modes and demos come from the program itself)
    "vector-add", "scale", "stride", "gather", "ping-pong",
    # the phases, as every table and report names them
    "alloc", "host-init", "to-device", "kernel", "to-host", "host-read", "free", "ipc-open",
    # the calibration's steps, as its file and its table name them
    "host-to-device-copy", "device-to-host-copy", "device-copy", "device-read", "host-copy",
    "host-copy-one-thread", "to-peer-copy", "from-peer-copy",
    # a C function without a capital to tell it by
    "memcpy", "statvfs",
    # what `doctor` names as the system does: tools the user types (docker,
    # limits.conf's nofile), the kernel's security modules, Kubernetes
    "docker", "nofile", "Yama", "Seccomp", "Kubernetes",
    # the --advice values
    "preferred-device", "preferred-host", "accessed-by", "read-mostly",
    # the kernels' buffers, as the Buffers tab names them
    "out", "buf", "perm",
    # the window's tabs (--tab), beside the commands' names
    "timeline", "migration", "buffers", "explain",
    # the user who may read what the memory modules are ("需要 root 权限")
    "root",
    # a process's id, as ps and the kernel name it
    "pid",
    # a text format and the notebook that renders it, named so in Chinese too
    "Markdown", "Jupyter",
}
# Names of more than one word.
ALLOWED_PHRASES = ["Trace Event Format", "Nsight Systems"]

# Chinese that reads as English said again (issue 43): a placeholder that
# brings its own 在, the multiplication sign for a ratio, ASCII punctuation
# inside a Chinese sentence, "only" where all was recorded.
GRAMMAR = [
    (r"在 一次完整迭代", "在 before a phrase of its own (write %4里，...)"),
    (r"(\d|%\d)×(?!\s*[\d%])|\d ×(?!\s*\d)", "× for a ratio (write 倍)"),
    (r"[\u4e00-\u9fff][,;](?=\s|[\u4e00-\u9fff])|[\u4e00-\u9fff]: ", "ASCII punctuation in a Chinese sentence"),
    (r"只记下了[^（]*（100%）", "only ... (100%)"),
    (r"用法：.*\b(COMMAND|OPTIONS|options)\b", "English in a usage line"),
]

WORD = re.compile(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*|[A-Za-z][A-Za-z0-9]*(?:[-_.:/+'][A-Za-z0-9]+)*")


def run(arguments, environment=None, timeout=300):
    env = dict(os.environ)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(name, None)
    env["LC_ALL"] = "C.UTF-8"
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["XDG_RUNTIME_DIR"] = RUNTIME_DIR.name  # else Qt warns, in English, that it is unset
    env["HOME"] = RUNTIME_DIR.name  # calibrate's cache, the window's settings: not the user's
    for name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        env.pop(name, None)  # under that HOME too
    env.update(environment or {})
    done = subprocess.run([BINARY] + arguments, capture_output=True, text=True, env=env, timeout=timeout,
                          check=False)
    return done.returncode, done.stdout, done.stderr


def names_from_program():
    """Mode and demo names, the OpenCL device's id and the words the system
    supplies (device name, driver, vendor), from the program itself."""
    code, out, err = run(["modes", "--json"])
    if code != 0:
        sys.exit(f"modes --json failed ({code}): {err}")
    names = {mode["id"] for mode in json.loads(out)["modes"]}
    code, out, _ = run(["demo", "--list"])
    # a demo's name starts its line; what it needs follows, indented deeper
    names |= {line.split()[0] for line in out.splitlines()
              if line.startswith("  ") and not line.startswith("   ") and line.split()}
    # the Explain pages' example names (--example), from their files
    explain = pathlib.Path(__file__).resolve().parent.parent / "resources" / "explain"
    names |= {path.stem for path in explain.glob("*/*") if path.suffix in (".py", ".cu", ".cpp")}
    names |= {path.name for path in explain.iterdir() if path.is_dir()}  # the pages (dlpack, tensorflow)
    # the Python routes (`python --routes`), from their files
    routes = pathlib.Path(__file__).resolve().parent.parent / "resources" / "python"
    names |= {path.stem for path in routes.glob("*.py") if path.stem != "route"}
    code, out, err = run(["devices", "--json"])
    if code != 0:
        sys.exit(f"devices --json failed ({code}): {err}")
    devices = json.loads(out)["devices"]
    opencl = [d for d in devices if d["id"].startswith("opencl:")]
    if not opencl:
        sys.exit("no OpenCL device: this test needs one (PoCL)")
    system = set()
    for device in devices:
        for key in ("name", "vendor", "platform", "deviceVersion", "driverVersion", "runtimeVersion"):
            if isinstance(device.get(key), str) and device[key]:
                system.add(device[key])
    return names, opencl[0]["id"], system


def allowed(word, names):
    if word.startswith("-"):
        return True  # an option
    letters = sum(c.isalpha() for c in word)
    return (letters < 3 or word in ALLOWED or word in names
            or any(c.isdigit() for c in word)  # 64MiB, sm_90, H200
            or re.search(r"[_.:/+]", word)  # CL_MEM_USE_HOST_PTR, sweep.json, GB/s
            or re.search(r"[a-z][A-Z]", word)  # cudaMalloc, clEnqueueWriteBuffer, KiB
            or word.isupper())  # CUDA, GPU, SVM, DEVICE


def display_width(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def main():
    names, device, system = names_from_program()
    # the commands watched, as the user typed them
    names |= {"true", "no-such-command-here", "zh_CN"}
    problems = []
    chinese_lines = 0

    def check(what, text, is_help=False):
        nonlocal chinese_lines
        # Code, as the lessons show it between backticks (a command, an
        # API call, a buffer's name), is what the user types: whole, even
        # where a line breaks inside it.
        text = re.sub(r"`[^`]*`", lambda m: "`" + " " * 0 + "`" + "\n" * m.group(0).count("\n"), text)
        for line in text.splitlines():
            if re.search(r"[\u4e00-\u9fff]", line):
                chinese_lines += 1
            shown = line
            for value in sorted(system, key=len, reverse=True):
                shown = shown.replace(value, " ")
            for phrase in ALLOWED_PHRASES:
                shown = shown.replace(phrase, " ")
            shown = re.sub(r"'[^']*'|\"[^\"]*\"|“[^”]*”|‘[^’]*’", " ", shown)  # a value the user gave, quoted back
            shown = re.sub(r"(可用|accepted)[：:].*", " ", shown)  # the values accepted: names the user types
            shown = re.sub(r"\b[a-z]+://\S+", " ", shown)  # a URL
            shown = re.sub(r"\S+\.md#[\w-]+", " ", shown)  # a section of the docs (doctor.md#open-file-limit)
            shown = re.sub(r"(?<!\w)(/[\w.+-]+)+", " ", shown)  # a path
            english = [w for w in WORD.findall(shown) if not allowed(w, names)]
            if english:
                problems.append(f"{what}: English {english} in: {line.strip()}")
            for rule, why in GRAMMAR:
                if re.search(rule, line):
                    problems.append(f"{what}: {why}: {line.strip()}")
        lines = text.splitlines()
        for before, after in zip(lines, lines[1:]):
            if re.search(r"\d$", before.rstrip()) and re.match(r"\s*(ns|µs|ms|s|B|KiB|MiB|GiB|GB/s|%|倍)\b", after):
                problems.append(f"{what}: a figure and its unit on two lines: {before.strip()} / {after.strip()}")
            if re.match(r"\s*[了的着过吗呢吧们]", after):
                problems.append(f"{what}: a line starts with the end of the word before it: {after.strip()}")
            if is_help and display_width(line) > HELP_WIDTH:
                problems.append(f"{what}: {display_width(line)} columns, over {HELP_WIDTH}: {line}")

    code, out, err = run(["--help", "--lang", "zh_CN"])
    commands = [line.split()[0] for line in out.splitlines()
                if re.match(r"  [a-z][\w-]+ ", line) and not line.strip().startswith("sharescope")]
    if len(commands) < 8:
        problems.append(f"--help lists {len(commands)} commands: {commands}")
    names.update(commands)
    check("--help", out + err, is_help=True)
    for command in commands:
        code, out, err = run([command, "--help", "--lang", "zh_CN"])
        if code != 0:
            problems.append(f"{command} --help: exit code {code}")
        check(f"{command} --help", out + err, is_help=True)

    size = ["--size", "1MiB", "--iterations", "2", "--warmup", "1"]
    runs = {
        "run cl-use-host-ptr": (["run", "--device", device, "--mode", "cl-use-host-ptr"] + size, 0),
        "run cl-copy": (["run", "--device", device, "--mode", "cl-copy"] + size, 0),
        "compare": (["compare", "--device", device] + size, 0),
        "sweep": (["sweep", "--device", device, "--sizes", "4KiB:16KiB", "--iterations", "1"], 0),
        "demo": (["demo", "copies-vs-zero-copy", "--device", device] + size, 0),
        "demo --list": (["demo", "--list"], 0),
        "calibrate": (["calibrate", "--device", device, "--size", "1MiB"], 0),
        "modes": (["modes", "--device", device], 0),
        "devices": (["devices"], 0),
        "doctor, a plan no machine holds": (["doctor", "--device", device, "--workers", "1024", "--batch", "1TiB"], 4),
        "run, a CUDA mode here": (["run", "--device", device, "--mode", "managed"] + size, 3),
        "run, a bad size": (["run", "--device", device, "--size", "12XB"], 2),
        "gui, a bad mode": (["gui", "--mode", "nonsense"], 2),
        "gui, a CUDA mode here": (["gui", "--device", device, "--mode", "managed", "--run"], 3),
        "gui, no such device": (["gui", "--device", "opencl:99"], 2),
        # watch: the language before --, the rest the command's own
        "watch": (["watch", "--quiet", "--lang", "zh_CN", "--", "true"], 0),
        "watch, no such command": (["watch", "--lang", "zh_CN", "--", "no-such-command-here"], 127),
        "watch, a bad interval": (["watch", "--interval", "1ms", "--lang", "zh_CN", "--", "true"], 2),
    }
    # Issue 43: the lessons (those that run here, and the shipped ones with
    # their Compare notes and the measured answer beside a prediction),
    # every shipped report, and the system's words for an error.
    one = ["--size", "1MiB", "--iterations", "1", "--warmup", "0"]
    for demo in ("pages-move-whole", "ping-pong", "threads-share-one-gpu"):
        runs[f"demo {demo}"] = (["demo", demo, "--device", device] + one, 0)
    for demo in ("prefetch", "when-pinning-pays", "what-profilers-miss", "discard", "first-touch",
                 "threads-share-one-gpu", "other-process"):
        runs[f"demo {demo}, answered, from its example"] = (["demo", demo, "--device", device, "--answer", "1"], 0)
    code, out, _ = run(["show"])
    examples = [line.split()[0] for line in out.splitlines() if re.match(r"  [a-z]", line)]
    if len(examples) < 10:
        problems.append(f"show lists {len(examples)} examples: {examples}")
    for example in examples:
        runs[f"show {example}"] = (["show", example], 0)
    runs["show, the list"] = (["show"], 0)
    with tempfile.TemporaryDirectory() as folder:
        runs["gui, a screenshot that is no image"] = (["gui", "--screenshot", os.path.join(folder, "x.nope")], 2)
        empty = os.path.join(folder, "empty.json")
        pathlib.Path(empty).write_text("")
        runs["gui, an empty report"] = (["gui", "--open", empty, "--screenshot", os.path.join(folder, "y.png")], 2)
        runs["run, a file that cannot be written"] = (["run", "--device", device, "--json", "/proc/version"] + size, 2)
        runs["gui, a folder as a report"] = (["gui", "--open", folder], 2)
        for what, (arguments, expected) in runs.items():
            code, out, err = run(arguments + ["--lang", "zh_CN"])
            if code != expected:
                problems.append(f"{what}: exit code {code}, expected {expected}; stderr: {err.strip()[-300:]}")
            check(what, out + err)

        # No platform plugin starts: said inside QApplication's constructor,
        # before a translator can be installed. (Its list of Qt's plugins
        # is Qt's own words.)
        code, _, err = run(["gui", "--screenshot", os.path.join(folder, "x.png"), "--lang", "zh_CN"],
                           {"QT_QPA_PLATFORM": "no-such-platform"})
        if code != 3 or "Qt 平台插件" not in err:
            problems.append(f"gui without a platform: exit code {code}, expected 3, in Chinese: {err.strip()[-300:]}")

    # A Traditional Chinese system reads the Simplified translation.
    for locale in ("zh_TW.UTF-8", "zh_HK.UTF-8", "zh_SG.UTF-8"):
        code, out, _ = run(["--help"], {"LC_ALL": locale})
        if not re.search(r"[\u4e00-\u9fff]", out):
            problems.append(f"LC_ALL={locale}: --help is not in Chinese")

    if chinese_lines < 50:
        problems.append(f"only {chinese_lines} lines in Chinese: is the translation installed?")
    for problem in problems:
        print(problem)
    if problems:
        print(f"\n{len(problems)} finding(s)")
        return 1
    print(f"{chinese_lines} Chinese lines, no English left")
    return 0


if __name__ == "__main__":
    sys.exit(main())
