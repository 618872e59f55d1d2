# SPDX-License-Identifier: GPL-3.0-or-later
"""The %%sharescope cell magic (after `%load_ext sharescope`): a cell run as
it is, inside sharescope.counting(), then the driver's counts of it."""

from __future__ import annotations

from typing import Any

from ._counting import counting

USAGE = """%%sharescope [NAME]

Runs the cell and shows what the NVIDIA UVM driver migrated for this
process while it ran: bytes each way, CPU and GPU page faults, the time.
With NAME, the counts are also kept in the variable NAME (a
sharescope.Counted). Where the driver cannot count, says why once and runs
the cell unchanged (the time is shown all the same)."""


def sharescope_magic(shell: Any, line: str, cell: str) -> None:
    """The cell magic's body: run the cell in `shell`, show the counts."""
    from IPython.core.error import UsageError
    from IPython.display import display

    name = line.strip()
    if name and not name.isidentifier():
        raise UsageError(f"%%sharescope takes a variable name or nothing, not {name!r}\n\n{USAGE}")
    # Why it cannot count is said before the cell's own output, once.
    with counting() as counted:
        # The cell as IPython runs any cell (its magics, its last value
        # shown); an exception in it is shown by IPython, and the counts
        # come after it.
        shell.run_cell(cell, store_history=False)
    if name:
        shell.user_ns[name] = counted
    display(counted)


def load_ipython_extension(shell: Any) -> None:
    """`%load_ext sharescope`: registers the %%sharescope cell magic."""

    def magic(line: str, cell: str) -> None:
        sharescope_magic(shell, line, cell)

    magic.__doc__ = USAGE
    shell.register_magic_function(magic, magic_kind="cell", magic_name="sharescope")
