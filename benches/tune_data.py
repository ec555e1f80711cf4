"""Positions for fitting the evaluation's piece-square values, scored by Fairy-Stockfish.

Reads game records, keeps each position after the opening plies that is not in check, asks
Fairy-Stockfish for its score at a fixed depth and keeps the position when its best move is
quiet (no capture, no promotion) and the score is no mate. Writes one line a position: the FEN,
a tab, and the score in centipawns for the side to move. `examples/evaltune.rs` fits the
piece-square values to these lines.

    python3 benches/tune_data.py --engine benches/compare/fairy-stockfish/src/stockfish \\
        --variant chess --depth 8 games.pgn > chess.tsv

With `--part K/N` it scores only the K-th of N shares of the positions, so that N processes
can share the work (each writes its own lines; concatenate them).

With `--static` each position gets Fairy-Stockfish's static (classical) evaluation instead, from
its `eval` command, and every position is kept: a teacher without the tactics a search sees,
thousands of positions a second.

    python3 benches/tune_data.py --engine benches/compare/fairy-stockfish/src/stockfish \\
        --variant chess --static games.pgn > chess-static.tsv

With `--outcomes` no engine is asked: each position gets the game's result for the side to move
(1, 1/2 or 0; `evaltune --outcomes` fits to these), and a position is kept when neither the move
that led to it nor the move played from it captures or promotes, so that its static evaluation
is not half an exchange (games without a result are left out):

    python3 benches/tune_data.py --variant chess --outcomes games.pgn > chess-outcomes.tsv

With `--stronger NAME` as well, a third column says whether the side to move is the player
whose White or Black tag holds NAME (1), its opponent (-1) or neither (0): `evaltune` then
fits that player's worth apart from the positions'.
"""

from __future__ import annotations

import argparse
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator

import meiriqi
from meiriqi import pgn


class UciEngine:
    """A UCI engine (a command, split as a shell would) run as a child process for one game, on
    one thread, driven line by line."""

    def __init__(self, command: str, variant: str) -> None:
        self.process = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")

    def wait_for(self, word: str) -> list[str]:
        """The lines read up to the first that starts with `word`, which ends the list."""
        assert self.process.stdout is not None
        lines = []
        for line in self.process.stdout:
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines
        raise RuntimeError(f"the engine ended before {word!r}")

    def close(self) -> None:
        """Asks the engine to quit, and ends it if it has not within ten seconds."""
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


class Scorer(UciEngine):
    """A UCI engine that scores positions at a fixed depth."""

    def __init__(self, command: str, variant: str, depth: int) -> None:
        super().__init__(command, variant)
        self.depth = depth

    def score(self, fen: str, mate: int | None = None) -> tuple[int | None, str]:
        """The centipawn score for the side to move and the best move; a mate scores `None`,
        or `mate` (less the moves to it) for the side that mates when `mate` is given."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {self.depth}")
        lines = self.wait_for("bestmove")
        score: int | None = None
        for line in lines:
            words = line.split()
            if "score" in words:
                kind, value = words[words.index("score") + 1 : words.index("score") + 3]
                if kind == "cp":
                    score = int(value)
                elif mate is None:
                    score = None
                else:
                    score = mate - abs(int(value)) if int(value) > 0 else abs(int(value)) - mate
        return score, lines[-1].split()[1]

    def static_score(self, fen: str) -> int | None:
        """The engine's static evaluation of `fen` in centipawns for the side to move (its
        `eval` command's final line, in Pawns for White); `None` when it gives none."""
        self.send(f"position fen {fen}")
        self.send("eval")
        # `isready` ends the answer, so an engine without `eval` gives `None`, not a hang.
        self.send("isready")
        score = None
        for line in self.wait_for("readyok"):
            words = line.split()
            if words[:2] == ["Final", "evaluation"] and words[2] != "none":
                white = round(float(words[2]) * 100)
                score = white if fen.split()[1] == "w" else -white
        return score


def positions(paths: list[str], variant: str, skip: int) -> list[str]:
    """The FENs of the games' positions after `skip` plies that are not in check, each once."""
    seen: dict[str, None] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            while (game := pgn.read_game(handle, variant=variant)) is not None:
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    board.push(move)
                    if ply + 1 >= skip and not board.is_check() and not board.is_game_over():
                        seen.setdefault(board.fen(), None)
    return list(seen)


RESULT_FOR_WHITE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def quiet(board: meiriqi.Board, move: meiriqi.Move) -> bool:
    """Whether `move` neither captures nor promotes on `board`."""
    return not board.is_capture(move) and move.promotion is None


def outcome_positions(
    paths: list[str], variant: str, skip: int, stronger: str | None
) -> Iterator[tuple[str, float, int]]:
    """The quiet positions of the games after `skip` plies, not in check, each with the game's
    result for the side to move and whether the side to move is the player whose name holds
    `stronger` (1), its opponent (-1) or neither (0); games without a result are left out."""
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            while (game := pgn.read_game(handle, variant=variant)) is not None:
                white = RESULT_FOR_WHITE.get(game.headers.get("Result", "*"))
                if white is None:
                    continue
                marks = {
                    side: int(stronger is not None and stronger in game.headers.get(tag, ""))
                    for side, tag in ((meiriqi.WHITE, "White"), (meiriqi.BLACK, "Black"))
                }
                board = game.board()
                arrived_quietly = True
                for ply, move in enumerate(game.mainline_moves()):
                    wanted = ply >= skip and arrived_quietly and not board.is_check()
                    arrived_quietly = quiet(board, move)
                    if wanted and arrived_quietly:
                        result = white if board.turn == meiriqi.WHITE else 1.0 - white
                        mark = marks[board.turn] - marks[not board.turn]
                        yield board.fen(), result, mark
                    board.push(move)


def part(text: str) -> tuple[int, int]:
    """`K/N` as (K, N), with 1 <= K <= N."""
    share, slash, shares = text.partition("/")
    if not (slash and share.isdigit() and shares.isdigit() and 1 <= int(share) <= int(shares)):
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N with 1 <= K <= N")
    return int(share), int(shares)


def main() -> None:
    if hasattr(signal, "SIGPIPE"):
        # A reader that stops early (`| head`) ends the script quietly, as other tools end.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", help="game records (PGN)")
    parser.add_argument("--engine", help="the UCI engine's command (not with --outcomes)")
    parser.add_argument("--variant", required=True, help="the game, as both programs name it")
    parser.add_argument("--depth", type=int, default=8, help="the engine's depth a position")
    parser.add_argument("--skip", type=int, default=10, help="plies of each game left out")
    parser.add_argument(
        "--static",
        action="store_true",
        help="the engine's static evaluation (its eval command) for every position, no search",
    )
    parser.add_argument(
        "--part",
        type=part,
        default=(1, 1),
        help="K/N: score only the K-th of N equal shares of the positions (to run N at once)",
    )
    parser.add_argument(
        "--outcomes",
        action="store_true",
        help="the game's result for the side to move, for the quiet positions; no engine",
    )
    parser.add_argument(
        "--stronger",
        metavar="NAME",
        help="with --outcomes: a third column, 1 when the side to move's player tag holds NAME",
    )
    arguments = parser.parse_args()
    share, shares = arguments.part
    if arguments.stronger is not None and not arguments.outcomes:
        parser.error("--stronger goes with --outcomes")
    if arguments.outcomes:
        lines = outcome_positions(
            arguments.records, arguments.variant, arguments.skip, arguments.stronger
        )
        for fen, result, mark in list(lines)[share - 1 :: shares]:
            print(f"{fen}\t{result:g}" + (f"\t{mark}" if arguments.stronger else ""))
        return
    if arguments.engine is None:
        parser.error("give --engine, or --outcomes")
    try:
        scorer = Scorer(arguments.engine, arguments.variant, arguments.depth)
    except OSError as error:
        parser.error(f"--engine {arguments.engine}: {error.strerror}")
    fens = positions(arguments.records, arguments.variant, arguments.skip)[share - 1 :: shares]
    print(f"{len(fens)} positions", file=sys.stderr)
    kept = 0
    for number, fen in enumerate(fens, 1):
        if arguments.static:
            score = scorer.static_score(fen)
            if score is not None:
                print(f"{fen}\t{score}")
                kept += 1
            continue
        score, best = scorer.score(fen)
        board = meiriqi.Board(fen, variant=arguments.variant)
        move = board.parse_uci(best)
        if score is not None and quiet(board, move):
            print(f"{fen}\t{score}")
            kept += 1
        if number % 1000 == 0:
            print(f"{number} scored, {kept} kept", file=sys.stderr)
    scorer.close()


if __name__ == "__main__":
    main()
