"""A stand-in XBoard engine that plays the moves it is given, then resigns.

``python xboard_script_engine.py VARIANT WHITE BLACK`` (each a comma-separated list of moves in
XBoard's words, maybe empty) speaks just enough of XBoard's protocol to play those moves in a game
of VARIANT, WHITE's when it moves first, BLACK's when it answers: tests drive a real XBoard with
it, to have XBoard see moves a search might never choose. Every game starts the moves afresh.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator


def main(variant: str, white: list[str], black: list[str]) -> None:
    """Answers XBoard on standard input and output until ``quit``."""
    script: Iterator[str] | None = None
    playing, answering = True, False

    def say(line: str) -> None:
        print(line, flush=True)

    def move() -> None:
        nonlocal script
        if script is None:
            script = iter(black if answering else white)
        planned = next(script, None)
        say("resign" if planned is None else f"move {planned}")

    for line in sys.stdin:
        word, _, argument = line.strip().partition(" ")
        if word == "protover":
            say(f'feature setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 variants="{variant}"')
            say("feature done=1")
        elif word == "ping":
            say(f"pong {argument}")
        elif word == "new":
            script, playing, answering = None, True, False
        elif word == "force":
            playing = False
        elif word == "go":
            playing = True
            move()
        elif word == "usermove":
            answering = True
            if playing:
                move()
        elif word == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1], *(argument.split(",") if argument else [] for argument in sys.argv[2:4]))
