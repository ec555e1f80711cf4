"""A misbehaving UCI engine for the match tests: ``python fake_engine.py MODE``.

It answers the handshake like a real engine, then on ``go`` it misbehaves as MODE says:
``illegal`` plays a move no position allows, ``garbage`` an unreadable one, ``crash`` exits,
``silent`` says nothing, ``none`` reports no move. ``novariant`` offers no ``UCI_Variant``.
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
    for line in sys.stdin:
        command = line.split()
        if not command:
            continue
        if command[0] == "uci":
            print("id name fake")
            if mode != "novariant":
                print("option name UCI_Variant type combo default chess var chess var meiriqi")
            print("uciok", flush=True)
        elif command[0] == "isready":
            print("readyok", flush=True)
        elif command[0] == "go":
            if mode == "crash":
                return 3
            if mode == "silent":
                time.sleep(60)
                continue
            print(ANSWERS[mode], flush=True)
        elif command[0] == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
