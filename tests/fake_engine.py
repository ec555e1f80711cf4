"""A misbehaving UCI engine for the match tests: ``python fake_engine.py MODE``.

It answers the handshake like a real engine, then on ``go`` it misbehaves as MODE says:
``illegal`` plays a move no position allows, ``garbage`` an unreadable one, ``crash`` exits,
``silent`` says nothing, ``none`` reports no move. ``novariant`` offers no ``UCI_Variant``.
``cycle MOVE ...`` plays the moves given, one a ``go``, over and over, whatever the position.
"""

from __future__ import annotations

import sys
import time

ANSWERS = {
    "illegal": "bestmove a1a1",
    "garbage": "bestmove hello",
    "none": "bestmove (none)",
}


def main() -> int:
    mode = sys.argv[1]
    script = sys.argv[2:]
    played = 0
    for line in sys.stdin:
        command = line.split()
        if not command:
            continue
        if command[0] == "uci":
            print("id name fake")
            if mode != "novariant":
                variants = "var chess var meiriqi var xiangqi"
                print(f"option name UCI_Variant type combo default chess {variants}")
            print("uciok", flush=True)
        elif command[0] == "isready":
            print("readyok", flush=True)
        elif command[0] == "go":
            if mode == "crash":
                return 3
            if mode == "silent":
                time.sleep(60)
                continue
            if mode == "cycle":
                print(f"bestmove {script[played % len(script)]}", flush=True)
                played += 1
                continue
            print(ANSWERS[mode], flush=True)
        elif command[0] == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
