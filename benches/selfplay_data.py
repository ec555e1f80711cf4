"""Positions of a UCI engine's games against itself, each with its search score and the result.

The engine plays itself at a fixed depth from random openings (a few uniformly random legal
moves from the start, so that no two games are alike), with our rules as the arbiter. Every
position after the opening that is not in check, was not reached by a capture and whose best
move is quiet is written with the engine's score for the side to move (centipawns) and the
game's result for it (1, 0.5 or 0): FEN, score and result, tab-separated. A game ends by the
rules, as a draw after `--max-plies`, or for the side the engine has rated 1,500 centipawns or
more ahead for six plies running.

    python3 benches/selfplay_data.py --engine benches/compare/fairy-stockfish/src/stockfish \\
        --variant chess --depth 7 --games 1000 --seed 11 > selfplay.tsv

Positions from many different games teach an evaluation more than as many from few games
(benches/RESULTS.md, twenty-fourth round); run one process a core, each with its own seed.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys

from tune_data import Scorer, quiet

import meiriqi

#: Centipawns from which a side counts as won, and the plies that must say so in a row.
DECIDED_SCORE = 1500
DECIDED_PLIES = 6
#: Scores beyond this (mates among them) are not written.
LARGEST_SCORE = 3000


def play(
    scorer: Scorer, variant: str, rng: random.Random, opening: int, max_plies: int
) -> list[tuple[str, int, float]]:
    """One game of `scorer` against itself after `opening` random plies: its quiet positions,
    each with the score and the result for the side to move."""
    board = meiriqi.Board(variant=variant)
    for _ in range(opening):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    kept: list[tuple[str, int, bool]] = []
    arrived_quietly = False
    decided = 0
    white_result = 0.5
    while board.ply() < max_plies:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            winner = None if outcome is None else outcome.winner
            white_result = 0.5 if winner is None else float(winner == meiriqi.WHITE)
            break
        fen = board.fen()
        score, best = scorer.score(fen, mate=10 * LARGEST_SCORE)
        move = board.parse_uci(best)
        white_to_move = board.turn == meiriqi.WHITE
        if score is None:
            raise RuntimeError(f"the engine gave no score for {fen}")
        wanted = arrived_quietly and not board.is_check() and abs(score) < LARGEST_SCORE
        if wanted and quiet(board, move):
            kept.append((fen, score, white_to_move))
        decided = decided + 1 if abs(score) >= DECIDED_SCORE else 0
        if decided >= DECIDED_PLIES:
            white_result = float((score > 0) == white_to_move)
            break
        arrived_quietly = quiet(board, move)
        board.push(move)
    return [
        (fen, score, white_result if white else 1.0 - white_result) for fen, score, white in kept
    ]


def main() -> None:
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the UCI engine's command")
    parser.add_argument("--variant", required=True, help="the game, as both programs name it")
    parser.add_argument("--depth", type=int, default=7, help="the engine's depth a move")
    parser.add_argument("--games", type=int, default=100, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random openings")
    parser.add_argument("--opening", type=int, default=8, help="random plies (this, +/- 2)")
    parser.add_argument("--max-plies", type=int, default=300, help="plies before a draw")
    arguments = parser.parse_args()
    try:
        meiriqi.Board(variant=arguments.variant)
    except ValueError as error:
        parser.error(str(error))
    try:
        scorer = Scorer(arguments.engine, arguments.variant, arguments.depth)
    except OSError as error:
        parser.error(f"--engine {arguments.engine}: {error.strerror}")
    rng = random.Random(arguments.seed)
    try:
        for number in range(1, arguments.games + 1):
            opening = max(0, arguments.opening + rng.randint(-2, 2))
            for fen, score, result in play(
                scorer, arguments.variant, rng, opening, arguments.max_plies
            ):
                print(f"{fen}\t{score}\t{result:g}")
            sys.stdout.flush()
            if number % 100 == 0:
                print(f"{number} games", file=sys.stderr)
    except (ValueError, RuntimeError) as error:
        # An illegal best move, no score or an engine that ended: said, not a traceback.
        parser.exit(2, f"selfplay_data.py: {error}\n")
    finally:
        scorer.close()


if __name__ == "__main__":
    main()
