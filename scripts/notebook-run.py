#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the code cells of a notebook that carry a tag, in one IPython shell
in this process, and writes their outputs into the notebook: what
docs/examples/sharescope.ipynb shows was produced this way, never typed.

Cells with other tags keep the outputs they have. Each cell run gets the
machine's label and the date in its metadata ("sharescope": {"ran": ...}).
Needs IPython (not Jupyter); stops at the first cell that raises, unless
the cell is tagged "raises".

Usage: python scripts/notebook-run.py NOTEBOOK --tag pocl --label "TEXT" [--out FILE]
       (run from the notebook's folder's point of view: the working
       directory is set to the notebook's folder while the cells run)
"""

import argparse
import ast
import datetime
import json
import os
import pathlib
import sys
import traceback


def outputs_of(shell, source: str) -> tuple[list, bool]:
    """Runs one cell; its outputs in nbformat 4, and whether it raised."""
    from IPython.utils.capture import capture_output

    outputs: list = []
    raised = False
    value = None
    with capture_output(display=True) as captured:
        try:
            tree = ast.parse(shell.transform_cell(source))
            body, last = tree.body, None
            if body and isinstance(body[-1], ast.Expr):
                body, last = body[:-1], body[-1]
            namespace = shell.user_ns
            exec(compile(ast.Module(body=body, type_ignores=[]), "<cell>", "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
        except Exception as error:  # shown as the notebook would show it
            raised = True
            outputs.append(
                {
                    "output_type": "error",
                    "ename": type(error).__name__,
                    "evalue": str(error),
                    "traceback": traceback.format_exception_only(type(error), error),
                }
            )
    streams = [("stdout", captured.stdout), ("stderr", captured.stderr)]
    shown = [
        {"output_type": "stream", "name": name, "text": text.splitlines(keepends=True)} for name, text in streams if text
    ]
    for rich in captured.outputs:
        shown.append({"output_type": "display_data", "data": _lines(rich.data), "metadata": rich.metadata or {}})
    if value is not None:
        data, metadata = shell.display_formatter.format(value)
        shown.append(
            {"output_type": "execute_result", "execution_count": None, "data": _lines(data), "metadata": metadata}
        )
    return shown + outputs, raised


def _lines(data: dict) -> dict:
    return {kind: text.splitlines(keepends=True) if isinstance(text, str) else text for kind, text in data.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=pathlib.Path)
    parser.add_argument("--tag", required=True, help="run the code cells with this tag")
    parser.add_argument("--label", required=True, help="the machine, as the notebook should name it")
    parser.add_argument("--out", type=pathlib.Path, help="write here (default: the notebook itself)")
    args = parser.parse_args()

    from IPython.core.interactiveshell import InteractiveShell

    target = (args.out or args.notebook).resolve()
    notebook = json.loads(args.notebook.read_text(encoding="utf-8"))
    shell = InteractiveShell.instance()
    shell.colors = "nocolor"
    try:  # DataFrames' text as a wide terminal shows them (a notebook shows their HTML)
        import pandas

        pandas.set_option("display.width", 200, "display.max_columns", 30)
    except ImportError:
        pass
    today = datetime.date.today().isoformat()
    os.chdir(args.notebook.resolve().parent)
    count = 0
    for cell in notebook["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        if cell["cell_type"] != "code" or args.tag not in tags:
            continue
        count += 1
        source = "".join(cell["source"])
        print(f"--- cell {count}: {source.splitlines()[0] if source else ''}", file=sys.stderr)
        outputs, raised = outputs_of(shell, source)
        cell["outputs"] = outputs
        cell["execution_count"] = count
        cell["metadata"]["sharescope"] = {"ran": f"{args.label}, {today}"}
        if raised and "raises" not in tags:
            print(f"notebook-run: cell {count} raised:\n{source}\n{outputs[-1]['evalue']}", file=sys.stderr)
            return 1
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"notebook-run: {count} cells tagged {args.tag!r} run ({args.label}, {today})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
