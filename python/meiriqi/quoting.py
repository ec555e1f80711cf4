"""Quoting user input in error messages: ``repr`` quotes, long text cut short."""

from __future__ import annotations

__all__ = ["quoted"]


def quoted(text: str, most: int = 40) -> str:
    """``text`` quoted for an error message, cut after ``most`` characters (as the Rust core
    quotes SAN in its messages)."""
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}... ({len(text)} characters)"
