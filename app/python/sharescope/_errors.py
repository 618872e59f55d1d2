# SPDX-License-Identifier: GPL-3.0-or-later
"""The exceptions: the program's own message and exit code, as Python errors."""

from __future__ import annotations

from typing import Any, Sequence


class SharescopeError(Exception):
    """The sharescope program refused or failed.

    Attributes:
        message: the program's own message (what it printed on stderr after
            "sharescope: "), in English.
        exit_code: the program's exit code (0 done, 1 failed, 2 bad
            arguments, 3 not supported here, 130/143 stopped by a signal);
            None when the program never ran.
        command: the command line that was run, as a list.
        stderr: everything the program printed on stderr.
        partial: what the program still wrote before it failed (a
            Comparison whose finished runs are kept), else None.
    """

    def __init__(
        self,
        message: str,
        exit_code: int | None = None,
        command: Sequence[str] = (),
        stderr: str = "",
        partial: Any = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.command = list(command)
        self.stderr = stderr
        self.partial = partial

    def __str__(self) -> str:
        if self.exit_code is None:
            return self.message
        return f"{self.message} (exit code {self.exit_code})"


class BadArgument(SharescopeError, ValueError):
    """Exit code 2: an argument the program does not accept (the message
    names the value and what is accepted). A ValueError."""


class NotSupported(SharescopeError):
    """Exit code 3: not supported here (the device cannot run the mode, the
    build has no such command, ...), with the reason."""


class RunFailed(SharescopeError, RuntimeError):
    """Exit code 1: the run failed (a device error, a wrong result, or the
    results could not be written). `partial` keeps what finished."""


class Stopped(SharescopeError):
    """The program was stopped: by a signal (exit codes 130 and 143), or by
    the call's timeout."""


class ProgramNotFound(SharescopeError, RuntimeError):
    """The sharescope program is not where the package looks for it."""


class ReportFormatError(ValueError):
    """A file that is not a ShareScope report this package can read."""


def error_for(exit_code: int, message: str, command: Sequence[str], stderr: str, partial: Any = None) -> SharescopeError:
    """The exception for one of the program's exit codes."""
    kind: type[SharescopeError] = {1: RunFailed, 2: BadArgument, 3: NotSupported, 130: Stopped, 143: Stopped}.get(
        exit_code, SharescopeError
    )
    return kind(message, exit_code, command, stderr, partial)
