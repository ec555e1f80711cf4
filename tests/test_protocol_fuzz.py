"""Fuzz targets: the two engines (``meiriqi uci``, ``meiriqi xboard``) as subprocesses, fed random
command streams by hypothesis.

A stream mixes the protocol's commands (right and wrong), numbers of every kind (negative, zero,
huge, NaN, infinity, words, other scripts' digits), moves of a random game of the variant and
plain garbage, with searches and perft counts started and cut short throughout; it ends with
``quit``. The invariants:

- the engine ends by itself, within :data:`STREAM_SECONDS`, with status 0 and nothing on stderr
  (no traceback);
- every ``isready`` gets its ``readyok``, every ``ping N`` its ``pong N`` (in order);
- UCI: every ``go`` that is not refused gets exactly one ``bestmove`` (a pondering one too,
  once hit or stopped), every ``go perft`` that is not refused its count or the word that it
  was stopped;
- no reply reports a fault of the engine's (a search or job that failed, an exception other than
  the ``ValueError`` of bad input).

The default ``ci`` profile runs four streams per protocol (a few seconds, most of them spent
starting Python), ``MEIRIQI_HYPOTHESIS_PROFILE=thorough`` 2,000.
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

import meiriqi
from meiriqi.xboard import to_gui
from meiriqi.xboard_setup import xboard_variant

VARIANTS = list(meiriqi.Board.variants())

STREAM_SECONDS = 60
"""The longest one stream may take (it takes about a second)."""

FAULT = re.compile(r"the (search|engine) failed|\b\w+(Error|Exception|Interrupt|Iteration): ")
"""A reply that reports a fault of the engine's rather than bad input."""


def fuzz(share: float) -> settings:
    """Settings running ``share`` times the profile's number of examples (at least one)."""
    default = settings.default
    assert default is not None, "conftest.py loads a profile"
    return settings(max_examples=max(1, round(default.max_examples * share)))


@cache
def game(variant: str) -> list[meiriqi.Board]:
    """The positions of a random game of ``variant``, from its start (at most 16 plies)."""
    board = meiriqi.Board(variant=variant)
    (moves, _), *_ = board.random_games(1, max_plies=16, seed=7)
    positions = [board.copy()]
    for move in moves:
        board.push(move)
        positions.append(board.copy())
    return positions


NUMBERS = st.one_of(
    st.integers(-(10**4), 10**4).map(str),
    st.sampled_from(
        [
            "0", "-0", "+3", "1", "2", "-1", "-5", "0.5", "1.5", "-0.5", "nan", "inf", "-inf",
            "infinity", "1e3", "1e999", "9" * 40, "-" + "9" * 40, "9" * 5000, str(2**64),
            str(2**64 + 1), "1_0", "\u0663", "x", "", "0:30", "5:nan", "1:-1",
        ]
    ),
)  # fmt: skip
"""What stands where a command wants a number."""

GARBAGE = st.text(
    alphabet=st.characters(blacklist_categories=["Cs", "Zl", "Zp", "Cc"]), max_size=30
).filter(lambda text: text.strip().partition(" ")[0] != "quit")
"""A line of anything (never a ``quit``, which would end the stream early)."""


def squares(board: meiriqi.Board) -> st.SearchStrategy[str]:
    """A square of ``board`` in coordinates, or something like one."""
    files = "abcdefghijkl"[: board.files]
    return st.builds(
        lambda file, rank: f"{file}{rank}", st.sampled_from(files), st.integers(0, board.ranks + 1)
    )


@st.composite
def uci_stream(draw: st.DrawFn) -> list[str]:
    """A UCI command stream in one variant (chosen first)."""
    variant = draw(st.sampled_from(VARIANTS))
    positions = game(variant)
    moves = [board.move_stack[-1].uci() for board in positions[1:]]
    limits = st.sampled_from(["depth", "nodes", "movetime", "wtime", "btime", "winc", "binc"])

    def go() -> st.SearchStrategy[str]:
        pairs = st.lists(
            st.tuples(limits | st.sampled_from(["movestogo", "mate"]), NUMBERS), max_size=3
        )
        searchmoves = st.lists(st.sampled_from(moves), max_size=3).map(
            lambda chosen: ["searchmoves", *chosen]
        )
        return st.builds(
            lambda pairs, flags: " ".join(
                ["go", *(f"{word} {number}" for word, number in pairs), *flags]
            ).strip(),
            pairs,
            st.sampled_from([[], ["infinite"], ["ponder"]]) | searchmoves,
        )

    options = st.one_of(
        st.builds(lambda number: f"setoption name MultiPV value {number}", NUMBERS),
        st.builds(
            lambda value: f"setoption name Threads value {value}",
            st.sampled_from(["0", "1", "2", "x", "-1"]),
        ),
        st.builds(
            lambda value: f"setoption name Ponder value {value}",
            st.sampled_from(["true", "false", "maybe"]),
        ),
    )
    command = st.one_of(
        st.sampled_from(
            ["isready", "isready", "uci", "ucinewgame", "stop", "debug on", "go", "ponderhit"]
        ),
        st.builds(lambda n: f"position startpos moves {' '.join(moves[:n])}", st.integers(0, 16)),
        st.builds(lambda board: f"position fen {board.fen()}", st.sampled_from(positions)),
        st.builds(lambda text: f"position fen {text}", GARBAGE),
        st.builds(lambda move: f"position startpos moves {move}", squares(positions[0])),
        st.builds(
            lambda name: f"setoption name UCI_Variant value {name}", st.sampled_from(VARIANTS)
        ),
        go(),
        options,
        st.builds(lambda number: f"go perft {number}", NUMBERS | st.sampled_from(["1", "2", "20"])),
        GARBAGE,
    )
    setup = [f"setoption name UCI_Variant value {variant}", "ucinewgame"]
    return setup + draw(st.lists(command, min_size=10, max_size=60))


@st.composite
def xboard_stream(draw: st.DrawFn) -> list[str]:
    """An XBoard command stream in one variant (chosen first)."""
    variant = draw(st.sampled_from(VARIANTS))
    positions = game(variant)
    moves = [to_gui(board.move_stack[-1].uci(), board) for board in positions[1:]]

    def xboard_fen(board: meiriqi.Board) -> str:
        """``board``'s FEN as XBoard writes it: without castling and en-passant fields in a game
        without castling."""
        fields = board.fen().split()
        return " ".join(fields if board.has_castling else fields[:2] + fields[4:])

    simple = [
        "new", "force", "go", "playother", "?", "undo", "remove", "post", "nopost", "analyze",
        "exit", "hard", "easy", "draw", "hint", "computer", "result 1-0 {done}", "bk", ".",
    ]  # fmt: skip
    command = st.one_of(
        st.sampled_from(simple),
        st.builds(lambda n: f"ping {n}", st.integers(0, 10**6)),
        st.builds(lambda name: f"variant {xboard_variant(name)}", st.sampled_from(VARIANTS)),
        st.builds(lambda *numbers: "level " + " ".join(numbers), NUMBERS, NUMBERS, NUMBERS),
        st.builds(
            lambda word, number: f"{word} {number}",
            st.sampled_from(["st", "sd", "time", "otim", "level"]),
            NUMBERS,
        ),
        st.builds(lambda move: f"usermove {move}", st.sampled_from(moves) | squares(positions[0])),
        st.builds(lambda board: f"setboard {xboard_fen(board)}", st.sampled_from(positions)),
        st.builds(lambda text: f"setboard {text}", GARBAGE),
        st.builds(
            lambda word, square: f"{word} {square}",
            st.sampled_from(["lift", "put", "hover"]),
            squares(positions[0]),
        ),
        st.builds(
            lambda word, move: f"{word} {move}",
            st.sampled_from(["exclude", "include"]),
            st.sampled_from([*moves, "all"]) | squares(positions[0]),
        ),
        st.builds(lambda number: f"option MultiPV={number}", NUMBERS),
        st.builds(lambda number: f"cores {number}", st.sampled_from(["0", "1", "2", "x", "-1"])),
        GARBAGE,
    )
    setup = ["xboard", "protover 2", "new", f"variant {xboard_variant(variant)}", "st 0.05"]
    return setup + draw(st.lists(command, min_size=10, max_size=60))


def run(protocol: str, commands: list[str]) -> list[str]:
    """The engine's replies to ``commands`` then ``quit``, checking that it ends cleanly in
    time, with nothing on stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "meiriqi", protocol],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
    )
    try:
        out, errors = process.communicate("\n".join([*commands, "quit"]) + "\n", STREAM_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError(f"the engine did not end within {STREAM_SECONDS} s") from None
    assert errors == "", errors
    assert process.returncode == 0
    return out.split("\n")


def words(line: str) -> tuple[str, str]:
    """A command line's first word and its arguments, as the engines split it."""
    word, _, arguments = line.strip().partition(" ")
    return word, arguments.strip()


@fuzz(0.1)
@given(uci_stream())
def test_uci_answers_every_stream(commands: list[str]) -> None:
    replies = run("uci", commands)
    assert [line for line in replies if FAULT.search(line)] == []
    assert replies.count("readyok") == [line.strip() for line in commands].count("isready")
    refused = re.compile(r"info string error: .* \(in '(go\b[^']*)'\)")
    gos = [line.strip() for line in commands if words(line)[0] == "go"]
    refusals = [match[1] for line in replies if (match := refused.fullmatch(line))]
    searches = [go for go in gos if words(go)[1].split()[:1] != ["perft"]]
    counts = [go for go in gos if go not in searches]
    assert sum(line.startswith("bestmove ") for line in replies) == len(searches) - sum(
        refusal in searches for refusal in refusals
    )
    ended = sum(
        line.startswith(("Nodes searched: ", "info string perft stopped")) for line in replies
    )
    assert ended == len(counts) - sum(refusal in counts for refusal in refusals)


@fuzz(0.1)
@given(xboard_stream())
def test_xboard_answers_every_stream(commands: list[str]) -> None:
    replies = run("xboard", commands)
    assert [line for line in replies if FAULT.search(line)] == []
    pings = [words(line)[1] for line in commands if words(line)[0] == "ping"]
    assert [line for line in replies if line.startswith("pong")] == [f"pong {n}" for n in pings]
