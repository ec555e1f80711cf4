"""A stand-in XBoard engine that plays Black with the moves it is given, then resigns.

``python xboard_script_engine.py VARIANT MOVE...`` (moves in XBoard's words) speaks just enough of
XBoard's protocol to play those moves, one after each move of White's, in a game of VARIANT:
tests drive a real XBoard with it, to have XBoard see moves a search might never choose.
"""

from __future__ import annotations

import sys


def main(variant: str, moves: list[str]) -> None:
    """Answers XBoard on standard input and output until ``quit``."""
    script = iter(moves)
    playing = True

    def say(line: str) -> None:
        print(line, flush=True)

    def move() -> None:
        planned = next(script, None)
        say("resign" if planned is None else f"move {planned}")

    for line in sys.stdin:
        word, _, argument = line.strip().partition(" ")
        if word == "protover":
            say(f'feature setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 variants="{variant}"')
            say("feature done=1")
        elif word == "ping":
            say(f"pong {argument}")
        elif word in ("new", "force"):
            playing = word == "new"
        elif word == "go":
            playing = True
            move()
        elif word == "usermove" and playing:
            move()
        elif word == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
