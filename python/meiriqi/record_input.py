"""Game records read from files and pipes within limits, so that no input (``/dev/zero``, a file
that is one huge line, a binary file) can fill the memory or end a command with a traceback.

:class:`BoundedLines` hands a handle's lines to :func:`meiriqi.pgn.read_game` one at a time, each
at most :data:`MAX_LINE_CHARACTERS` long; :func:`open_record` opens a file holding a game to
load, at most :data:`MAX_RECORD_BYTES` long. Input outside the limits, or that is not UTF-8 text,
is an :class:`UnreadableRecordError` naming the file and the line.
"""

from __future__ import annotations

import os
import stat
from typing import TextIO

__all__ = [
    "MAX_LINE_CHARACTERS",
    "MAX_RECORD_BYTES",
    "BoundedLines",
    "UnreadableRecordError",
    "open_record",
]

MAX_LINE_CHARACTERS = 100_000
"""The longest line read: a whole game written on one line, with comments, is far shorter."""
MAX_RECORD_BYTES = 10_000_000
"""The largest file :func:`open_record` opens: hundreds of annotated games."""


class UnreadableRecordError(ValueError):
    """Input that cannot be a game record: too long, not a file, not UTF-8 text."""


class BoundedLines:
    """The lines of a text ``handle`` called ``name`` (in messages), read with ``readline``
    like the handle's, each at most ``max_line`` characters long and ``max_total`` characters
    in all (no limit: ``None``); :class:`UnreadableRecordError` past them, or for text that is
    not UTF-8 or holds a NUL character (a binary file). A context manager that closes the
    handle."""

    def __init__(
        self,
        handle: TextIO,
        name: str,
        *,
        max_line: int = MAX_LINE_CHARACTERS,
        max_total: int | None = None,
    ) -> None:
        self.handle = handle
        self.name = name
        self.max_line = max_line
        self.max_total = max_total
        self.lines = 0
        self.characters = 0

    def readline(self, size: int = -1) -> str:
        """The next line with its line break, ``""`` at the end (at most ``size`` characters of
        it when ``size`` is 0 or more, as a file's ``readline`` reads)."""
        where = f"{self.name}, line {self.lines + 1}"
        limit = self.max_line + 1 if size < 0 else min(size, self.max_line + 1)
        try:
            line = self.handle.readline(limit)
        except UnicodeDecodeError:
            raise UnreadableRecordError(
                f"{where}: not UTF-8 text (a binary file?), so not a game record"
            ) from None
        if len(line.rstrip("\r\n")) > self.max_line:
            raise UnreadableRecordError(
                f"{where}: longer than {self.max_line:,} characters, so not a game record"
            )
        if "\0" in line:
            raise UnreadableRecordError(
                f"{where}: holds a NUL character (a binary file?), so not a game record"
            )
        self.lines += 1
        self.characters += len(line)
        if self.max_total is not None and self.characters > self.max_total:
            raise UnreadableRecordError(
                f"{self.name}: longer than {self.max_total:,} characters, too long for a record"
            )
        return line

    def __enter__(self) -> BoundedLines:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.handle.close()


def open_record(path: str) -> BoundedLines:
    """The lines of the record file at ``path``, read within the limits. ``OSError`` when it
    cannot be opened; :class:`UnreadableRecordError` when it is not a regular file (a directory,
    a device such as ``/dev/zero``, a pipe) or is over :data:`MAX_RECORD_BYTES` long."""
    status = os.stat(path)
    if stat.S_ISDIR(status.st_mode):
        raise UnreadableRecordError(f"{path} is a directory, not a game record")
    if not stat.S_ISREG(status.st_mode):
        raise UnreadableRecordError(f"{path} is not a file (a device or a pipe?)")
    if status.st_size > MAX_RECORD_BYTES:
        raise UnreadableRecordError(
            f"{path} holds {status.st_size:,} bytes, more than a game record "
            f"({MAX_RECORD_BYTES:,} at most)"
        )
    # The limit on the characters also holds should the file grow while it is read.
    handle = open(path, encoding="utf-8")  # noqa: SIM115 (closed by BoundedLines)
    return BoundedLines(handle, path, max_total=MAX_RECORD_BYTES)
