"""Our engine's mistakes in lost games, as Fairy-Stockfish judges them, and whether more depth
would have avoided them.

Reads the records of a match (`meiriqi match --out`), takes the games that the player named by
`--player` (a part of its White or Black tag, such as "A uci:") lost, and asks Fairy-Stockfish
for its score before and after each of that player's moves after the opening plies. A move
whose score falls by `--drop` or more (in Fairy-Stockfish's units, from a position within
`--within` of level) is a mistake, unless Fairy-Stockfish chose it too (its scores before and
after a move can differ by more than the move loses). Each mistake's position, with the game's
moves before it (so that repetitions count), is then searched by our engine at each of
`--our-depths`; a letter a depth says what it played there: `X` the mistake, `F`
Fairy-Stockfish's move, `o` another. Mistakes still made at the deepest depth lie in the
evaluation more than in the search.

    python3 benches/mistakes.py --engine benches/compare/fairy-stockfish/src/stockfish \\
        --variant chess --player "A uci:" --depth 10 --our-depths 5-11 match.pgn

Writes a line a mistake (game, ply, score before and after, the move, Fairy-Stockfish's move,
the letters, the FEN before the move), then how often each depth made the mistake.

With `--again`, searches the mistakes of such an output again with the meiriqi installed (a
build tried against the one that played the games), from their FENs alone, and counts at each
depth how often it plays the mistake and how often Fairy-Stockfish's move:

    python3 benches/mistakes.py --again mistakes.txt --variant chess --our-depths 7,9
"""

from __future__ import annotations

import argparse
import sys

from tune_data import Scorer

import meiriqi
from meiriqi import pgn

MATE = 30_000
"""What a mate scores here, less the moves to it."""


def depths(text: str) -> list[int]:
    """`LOW-HIGH` as the depths LOW to HIGH, or depths separated by commas."""
    low, dash, high = text.partition("-")
    words = [low, high] if dash else text.split(",")
    ordered = not dash or (low.isdigit() and high.isdigit() and int(low) <= int(high))
    if not (ordered and all(word.isdigit() and int(word) >= 1 for word in words)):
        raise argparse.ArgumentTypeError(f"{text!r} is neither LOW-HIGH nor depths with commas")
    return list(range(int(low), int(high) + 1)) if dash else [int(word) for word in words]


def lost_games(path: str, variant: str, player: str) -> list[tuple[int, pgn.Game, bool]]:
    """The games `player` lost, numbered from 1 in the file, with whether it had White."""
    games = []
    with open(path, encoding="utf-8") as handle:
        number = 0
        while (game := pgn.read_game(handle, variant=variant)) is not None:
            number += 1
            white = player in game.headers.get("White", "")
            black = player in game.headers.get("Black", "")
            loss = {"0-1": white, "1-0": black}.get(game.headers.get("Result", ""), False)
            if white != black and loss:
                games.append((number, game, white))
    return games


def judge(
    scorer: Scorer, board: meiriqi.Board, move: meiriqi.Move, drop: int, within: int
) -> tuple[int, int, str] | None:
    """Fairy-Stockfish's scores before and after `move` of `board` (for its player) and its own
    move there, if `move` is a mistake: a fall of `drop` or more from within `within` of level,
    and not Fairy-Stockfish's own move."""
    before, best = scorer.score(board.fen(), mate=MATE)
    if before is None or abs(before) > within or move.uci() == best:
        return None
    played = board.copy()
    played.push(move)
    after, _ = scorer.score(played.fen(), mate=MATE)
    if after is None or before + after < drop:
        return None
    return before, -after, best


def again(path: str, variant: str, our_depths: list[int]) -> None:
    """Searches the mistakes listed in `path` (this script's output) at `our_depths` and prints,
    a depth, how often the mistake and how often Fairy-Stockfish's move was played."""
    counts = {depth: [0, 0] for depth in our_depths}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            words = line.split()
            if len(words) < 9:
                raise ValueError(f"{path}, line {number}: not a mistake as this script writes it")
            mistake, best, fen = words[4], words[5], " ".join(words[7:])
            try:
                board = meiriqi.Board(fen, variant=variant)
            except ValueError as error:
                raise ValueError(f"{path}, line {number}: {error}") from None
            for depth in our_depths:
                played = board.search(depth=depth).move.uci()
                counts[depth][0] += played == mistake
                counts[depth][1] += played == best
    for depth, (mistakes, best_moves) in counts.items():
        print(f"depth {depth}: the mistake {mistakes} times, Fairy-Stockfish's move {best_moves}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="?", help="the match's game records (PGN)")
    parser.add_argument("--engine", help="Fairy-Stockfish's command")
    parser.add_argument("--variant", required=True, help="the game, as both programs name it")
    parser.add_argument("--player", help="part of our engine's White/Black tag")
    parser.add_argument("--again", help="search this output's mistakes again (no records)")
    parser.add_argument("--depth", type=int, default=10, help="Fairy-Stockfish's depth")
    parser.add_argument(
        "--our-depths", type=depths, default=list(range(5, 12)), help="LOW-HIGH or D,D,..."
    )
    parser.add_argument("--skip", type=int, default=8, help="opening plies left out")
    parser.add_argument("--drop", type=int, default=250, help="the fall that makes a mistake")
    parser.add_argument("--within", type=int, default=300, help="how level the position was")
    arguments = parser.parse_args()
    try:
        if arguments.again:
            again(arguments.again, arguments.variant, arguments.our_depths)
            return
        if not (arguments.records and arguments.engine and arguments.player):
            parser.error("the records, --engine and --player are needed (or --again)")
        games = lost_games(arguments.records, arguments.variant, arguments.player)
    except (OSError, ValueError) as error:
        parser.error(str(error))
    try:
        scorer = Scorer(arguments.engine, arguments.variant, arguments.depth)
    except OSError as error:
        parser.error(f"--engine {arguments.engine}: {error.strerror}")
    letters: list[str] = []
    for number, game, white in games:
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            if board.turn == white and ply >= arguments.skip:
                found = judge(scorer, board, move, arguments.drop, arguments.within)
                if found is not None:
                    before, after, best = found
                    searched = (board.search(depth=d).move for d in arguments.our_depths)
                    made = "".join(
                        "X" if mv == move else "F" if mv.uci() == best else "o" for mv in searched
                    )
                    letters.append(made)
                    print(number, ply, before, after, move.uci(), best, made, board.fen())
            board.push(move)
    scorer.close()
    print(f"{len(letters)} mistakes", file=sys.stderr)
    for index, depth in enumerate(arguments.our_depths):
        made = sum(word[index] == "X" for word in letters)
        print(f"depth {depth}: the mistake {made} times", file=sys.stderr)


if __name__ == "__main__":
    main()
