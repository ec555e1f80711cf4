"""``meiriqi xboard`` driven as XBoard drives it: every reply of whole scripted games of every
variant, illegal input, take-backs, mates, ``?`` while thinking, analysis and the highlights."""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.engine
import perpetual_check
import pytest
from protocol_driver import OWN_ENDS, EngineProcess, OwnEnd, mate_in_one

import meiriqi
from meiriqi.protocol import Output
from meiriqi.xboard import XBoardEngine, from_gui, move_to_gui, to_gui
from meiriqi.xboard_setup import piece_commands, setup_command, xboard_variant

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "gryphon-cannon.toml"
"""The worked example of docs/variants.md."""

VARIANTS = list(meiriqi.Board.variants())
THINKING = r"(\d+) (-?\d+) (\d+) (\d+) (\d+) (\d+) 0\t(?P<pv>.*)"
"""Depth, score, centiseconds, nodes, the longest line, nodes per second, tablebase hits (none)
and, after a tab, the line."""
RESULT = r"(1-0|0-1|1/2-1/2) \{[^}]+\}"
_pings = itertools.count(1)


@pytest.fixture(scope="module")
def shared_engine() -> Iterator[EngineProcess]:
    """One engine for the module's tests, past its handshake."""
    process = EngineProcess("xboard")
    process.send("xboard", "protover 2")
    process.until(r"feature done=1")
    yield process
    assert process.close() == ""


@pytest.fixture
def engine(shared_engine: EngineProcess) -> EngineProcess:
    """The module's engine out of any analysis or search an earlier test left it in, with what
    that test left unread dropped: one failing test does not fail the tests after it."""
    shared_engine.send("exit", "force")
    sync(shared_engine)
    return shared_engine


def sync(engine: EngineProcess) -> list[str]:
    """The engine's lines up to the ``pong`` of a new ``ping`` (left out)."""
    number = next(_pings)
    engine.send(f"ping {number}")
    return engine.until(f"pong {number}")[:-1]


def start(engine: EngineProcess, variant: str, *commands: str) -> list[str]:
    """A new game of ``variant`` in force mode (checking what the engine tells XBoard about the
    variant), then ``commands``; the lines these caused. What an earlier test left unread is
    dropped first."""
    engine.send("force")
    sync(engine)
    engine.send("new", f"variant {xboard_variant(variant)}", "force")
    board = meiriqi.Board(variant=variant)
    told = [line for line in (setup_command(board), *piece_commands(board)) if line is not None]
    assert sync(engine) == told
    engine.send(*commands)
    return sync(engine)


def engine_move(engine: EngineProcess, board: meiriqi.Board) -> str:
    """Reads the engine's move, checks it is legal in ``board`` and plays it there; returns it in
    coordinates (a demotion, which XBoard gets as a promotion ``a1a2l``, as ``a1a2-``)."""
    line = engine.read()
    assert re.fullmatch(r"move \S+", line), line
    move = board.parse_uci(from_gui(line.split()[1], board))
    assert move in board.legal_moves, (line, board.fen())
    board.push(move)
    return move.uci()


def black_move(board: meiriqi.Board) -> str:
    """A move of a Black piece one rank down, in coordinates: illegal with White to move."""
    pieces = board.piece_map().items()
    origin = next(square for square, piece in pieces if not piece.color and square >= 16)
    return meiriqi.square_name(origin) + meiriqi.square_name(origin - 16)


def test_handshake_announces_the_features_and_every_variant() -> None:
    process = EngineProcess("xboard")
    process.send("xboard", "protover 2")
    features, *options, done = (process.read() for _ in range(4))
    assert options == [
        'feature option="MultiPV -spin 1 1 500"',
        'feature option="Perpetual check loses -check 0"',
    ]
    assert done == "feature done=1"
    wanted = ("setboard=1", "usermove=1", "san=0", "sigint=0", "ping=1", "highlight=1")
    for feature in (*wanted, "analyze=1", "exclude=1", "smp=1"):
        assert f" {feature}" in features
    assert 'myname="meiriqi"' in features
    listed = re.search(r'variants="([^"]*)"', features)
    assert listed is not None
    assert listed[1].split(",") == [xboard_variant(name) for name in VARIANTS]
    assert "normal" in listed[1].split(",")
    assert process.close() == ""


XBOARD_STARTS = {
    "capablanca": "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
    "gothic": "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR",
    "grand": "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R",
    "knightmate": "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR",
    "shatranj": "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR",
    "makruk": "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR",
    "3check": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
}
"""XBoard 4.9's own start positions of the games named after Fairy-Stockfish's that it plays by
itself, in its letters (which are ours for these games). Its Courier Chess starts without the
traditional opening moves (the advanced Pawns and Fers) that ours starts from."""


@pytest.mark.parametrize(("variant", "placement"), XBOARD_STARTS.items())
def test_a_game_xboard_plays_by_itself_starts_where_xboard_starts_it(
    variant: str, placement: str
) -> None:
    assert xboard_variant(variant) == variant
    board = meiriqi.Board(variant=variant)
    assert (setup_command(board), piece_commands(board)) == (None, [])
    assert board.fen().split()[0] == placement


def test_a_game_xboard_starts_elsewhere_gets_its_setup() -> None:
    board = meiriqi.Board(variant="courier")
    command = setup_command(board)
    assert command is not None and command.endswith(" w 0 1")
    assert "6f5/p5p4p/P5P4P/6F5" in command


def test_setup_as_xboard_showed_it() -> None:
    # The tables XBoard 4.9.1 drew correctly under Xvfb (docs/engines.md).
    # A game without castling gets XBoard's Shatranj as its parent, whose FENs leave out the
    # castling and en-passant fields.
    assert setup_command(meiriqi.Board()) == (
        "setup (INPRQYE.CWMOH.JG..LS.Kinprqye.cwmoh.jg..ls.k) 10x10+0_shatranj "
        + meiriqi.STARTING_FEN.replace(" w - - ", " w ")
    )
    dense_rim = "LHMJSDOAEUI++++++++++WRBQNCPGVT............K"
    board = meiriqi.Board(variant="wildeurasian-dense-rim-mitregi")
    assert setup_command(board) == (
        f"setup ({dense_rim}{dense_rim.lower()}) 12x12+10_fairy {board.fen()}"
    )
    assert "piece E& fBbRfsWbF2" in piece_commands(meiriqi.Board())
    assert not any("Y&" in line or "H&" in line for line in piece_commands(meiriqi.Board()))


def test_a_loaded_variant_tells_xboard_what_its_own_file_says_whatever_its_name() -> None:
    # A player's game named like a built-in family gets its own pieces' moves, never the
    # family's: here the Eagle of a copy of Mĕirìqí becomes a Knight.
    source = (
        meiriqi.Variant("meiriqi")
        .source.replace('name = "meiriqi"', 'name = "meiriqi-xboard-test"')
        .replace('title = "Meiriqi"', 'title = "Meiriqi XBoard test"')
    )
    eagle = source.index('name = "eagle"')
    moves = source.index("moves = [", eagle)
    end = source.index("]\n\n", moves) + 1
    source = source[:moves] + "moves = [{ leap = [2, 1] }]" + source[end:]
    loaded = meiriqi.Board(variant=meiriqi.Variant.from_toml(source))
    built_in = piece_commands(meiriqi.Board())
    assert piece_commands(loaded) == [
        "piece E& N" if line.startswith("piece E&") else line for line in built_in
    ]
    # Its file's pictures and Betza (the Pawn's) are its own too.
    assert "piece I& fsmWfcF" in piece_commands(loaded)
    assert setup_command(loaded) == setup_command(meiriqi.Board())


def test_a_file_without_xboard_keys_gets_betza_from_its_moves() -> None:
    # The worked example of docs/variants.md: the Gryphon's bent ride has no Betza.
    board = meiriqi.Board(variant=meiriqi.Variant.load(EXAMPLE))
    assert piece_commands(board) == [
        "piece K& K",
        "piece C& mRcpR",
        "piece N& N",
        "piece P& fmWfcF",
    ]
    assert setup_command(board) == (
        "setup (PNY........C.........Kpny........c.........k) 6x6+0_shatranj "
        "cnyknc/pppppp/6/6/PPPPPP/CNYKNC w 0 1"
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_scripted_game(engine: EngineProcess, variant: str) -> None:
    board = meiriqi.Board(variant=variant)
    assert start(engine, variant, "sd 1") == []

    illegal = to_gui(black_move(board), board)
    engine.send(f"usermove {illegal}")
    assert engine.read() == f"Illegal move: {illegal}"
    engine.send("usermove 1234")
    assert engine.read() == "Illegal move (not a coordinate move): 1234"

    engine.send("go")
    engine_move(engine, board)
    for _ in range(3):
        # A move that does not lose at once (a Banner mates in four against careless moves);
        # a drop where only drops are legal (Sittuyin's setup phase).
        moves = [move for move in board.legal_moves if not move.drop] or list(board.legal_moves)
        move = board.search(depth=2, searchmoves=moves).move
        assert move is not None
        engine.send(f"usermove {to_gui(move.uci(), board)}")
        board.push(move)
        engine_move(engine, board)
    assert sync(engine) == []

    engine.send("force", "remove", "undo")
    for _ in range(3):
        board.pop()
    assert sync(engine) == []
    engine.send("go")
    engine_move(engine, board)
    assert sync(engine) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_engine_mates_and_claims_the_win(engine: EngineProcess, variant: str) -> None:
    fen, _, result = mate_in_one(variant)
    board = meiriqi.Board(fen, variant=variant)
    assert start(engine, variant, "sd 2", f"setboard {fen}") == []
    engine.send("go")
    engine_move(engine, board)
    line = engine.read()
    assert re.fullmatch(RESULT, line)
    assert line.split()[0] == result
    engine.send("usermove a1a2")
    assert engine.read().startswith("Illegal move (the game is over)")


@pytest.mark.parametrize("variant", VARIANTS)
def test_user_mates_and_the_engine_claims_the_end(engine: EngineProcess, variant: str) -> None:
    fen, winning, result = mate_in_one(variant)
    board = meiriqi.Board(fen, variant=variant)
    assert start(engine, variant, "sd 1", f"setboard {fen}", "playother") == []
    engine.send(f"usermove {to_gui(winning, board)}")
    line = engine.read()
    assert re.fullmatch(RESULT, line) and line.split()[0] == result
    assert sync(engine) == []


@pytest.mark.parametrize("end", OWN_ENDS, ids=lambda end: end.variant)
def test_the_games_own_ends_are_claimed(engine: EngineProcess, end: OwnEnd) -> None:
    board = meiriqi.Board(end.fen, variant=end.variant)
    assert start(engine, end.variant, "sd 1", f"setboard {end.fen}", "playother") == []
    engine.send(f"usermove {to_gui(end.move, board)}")
    assert engine.read() == end.xboard_result
    assert sync(engine) == []


@pytest.mark.parametrize(
    "end",
    [end for end in OWN_ENDS if not end.xboard_result.startswith("1/2")],
    ids=lambda end: end.variant,
)
def test_the_engine_wins_by_its_games_own_ends(engine: EngineProcess, end: OwnEnd) -> None:
    board = meiriqi.Board(end.fen, variant=end.variant)
    assert start(engine, end.variant, "sd 2", f"setboard {end.fen}") == []
    engine.send("go")
    engine_move(engine, board)
    assert engine.read() == end.xboard_result
    outcome = board.outcome()
    assert outcome is not None and outcome.result() == end.xboard_result.split()[0]


def test_ten_rank_boards_count_ranks_from_zero(engine: EngineProcess) -> None:
    start(engine, "meiriqi")
    engine.send("usermove c3c4")
    assert engine.read() == "Illegal move: c3c4"
    engine.send("usermove c2c3", "usermove c7c6")
    assert sync(engine) == []
    assert to_gui("a10j1", meiriqi.Board()) == "a9j0"
    assert to_gui("a10a12", meiriqi.Board(variant="wildeurasian-bestiary")) == "a10a12"


def test_perpetual_check_loses_when_set(engine: EngineProcess) -> None:
    fen, repeating_check = perpetual_check.FEN, perpetual_check.REPEATING_CHECK

    def engine_choice(*options: str) -> str:
        board = meiriqi.Board(fen, variant="xiangqi")
        start(engine, "xiangqi", *options, f"setboard {fen}", "sd 3")
        for move in perpetual_check.CYCLE:
            engine.send(f"usermove {to_gui(move, board)}")
            board.push_uci(move)
        engine.send("go")
        return engine_move(engine, board)

    assert engine_choice() == repeating_check
    assert engine_choice("option Perpetual check loses=1") != repeating_check
    assert engine_choice("option Perpetual check loses=0") == repeating_check


def test_move_now_while_thinking(engine: EngineProcess) -> None:
    board = meiriqi.Board()
    start(engine, "meiriqi", "st 60")
    engine.send("go")
    time.sleep(0.5)
    started = time.monotonic()
    engine.send("?")
    engine_move(engine, board)
    assert time.monotonic() - started < 3
    engine.send("?")
    assert sync(engine) == []


def test_ping_waits_for_the_move(engine: EngineProcess) -> None:
    start(engine, "chess", "st 0.3")
    engine.send("go", "ping 999")
    assert re.fullmatch(r"move \S+", engine.read())
    assert engine.read() == "pong 999"


def test_thinking_output(engine: EngineProcess) -> None:
    board = meiriqi.Board(variant="xiangqi")
    start(engine, "xiangqi", "sd 3", "post")
    engine.send("go")
    lines = engine.until(r"move \S+")
    thinking = [re.fullmatch(THINKING, line) for line in lines[:-1]]
    assert all(thinking) and [int(match[1]) for match in thinking if match] == [1, 2, 3]
    best = thinking[-1]
    assert best is not None and from_gui(best["pv"].split()[0], board) == from_gui(
        lines[-1].split()[1], board
    )
    engine.send("nopost", "force")
    assert sync(engine) == []


def test_mate_scores_are_shown_as_xboard_wants(engine: EngineProcess) -> None:
    start(engine, "chess", "sd 2", "post", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    engine.send("go")
    lines = engine.until(r"move a1a8")
    assert re.fullmatch(r"\d+ 100001 \d+ \d+ \d+ \d+ 0\ta1a8", lines[-2])
    assert engine.read() == "1-0 {Checkmate}"
    engine.send("nopost")
    assert sync(engine) == []


def test_clock_commands_bound_the_time(engine: EngineProcess) -> None:
    board = meiriqi.Board(variant="shogi")
    start(engine, "shogi", "level 40 0:02 0", "time 200", "otim 200")
    started = time.monotonic()
    engine.send("go")
    engine_move(engine, board)
    assert time.monotonic() - started < 2
    engine.send("force", "level 0 1 0", "st 0.1", "sd 2", "time 6000")
    engine.send("go")
    engine_move(engine, board)
    assert sync(engine) == []


def test_drops(engine: EngineProcess) -> None:
    fen = "4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1"
    start(engine, "shogi", f"setboard {fen}")
    engine.send("usermove P@e5", "usermove P@e5")
    assert engine.read() == "Illegal move: P@e5"
    engine.send("usermove P@e4")
    assert sync(engine) == []


def test_analysis_follows_the_game(engine: EngineProcess) -> None:
    start(engine, "meiriqi", "post", "analyze")
    assert re.fullmatch(THINKING, engine.read())
    engine.send("usermove c2c3")
    engine.send("undo", "exit", "nopost")
    assert all(re.fullmatch(THINKING, line) for line in sync(engine))
    assert sync(engine) == []


def test_analysis_goes_on_after_new(engine: EngineProcess) -> None:
    start(engine, "chess", "post", "analyze")
    engine.read()
    engine.send("new", f"variant {xboard_variant('xiangqi')}")
    sync(engine)  # the lines after it are the new analysis's
    board = meiriqi.Board(variant="xiangqi")
    thinking = re.fullmatch(THINKING, engine.until(THINKING)[-1])
    assert thinking is not None
    assert from_gui(thinking["pv"].split()[0], board) in board.legal_moves_uci()
    engine.send("exit", "nopost")
    sync(engine)
    assert sync(engine) == []


def test_the_dot_tells_where_the_analysis_is(engine: EngineProcess) -> None:
    board = meiriqi.Board(variant="xiangqi")
    start(engine, "xiangqi", "analyze")
    status = None
    deadline = time.monotonic() + 10
    while status is None and time.monotonic() < deadline:
        engine.send(".")
        line = engine.read()
        status = re.fullmatch(r"stat01: (\d+) (\d+) (\d+) (\d+) (\d+) (\S+)", line)
        if status is None:
            assert line == "stat01: 0 0 0 0 0", "before the search is under way"
            time.sleep(0.05)
    assert status is not None
    moves = len(board.legal_moves_uci())
    assert int(status[5]) == moves and 0 <= int(status[4]) < moves
    assert int(status[2]) > 0 and int(status[3]) >= 1
    assert from_gui(status[6], board) in board.legal_moves_uci()
    engine.send("exit", ".")
    assert sync(engine) == [], "no status outside analysis"


def first_moves_of(lines: list[str]) -> list[str]:
    """The first moves of the thinking lines among ``lines``, in order."""
    matches = (re.fullmatch(THINKING, line) for line in lines)
    return [match["pv"].split()[0] for match in matches if match is not None]


def test_analysis_among_the_moves_left_by_exclude(engine: EngineProcess) -> None:
    queen_won = "3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"

    def first_moves(count: int) -> set[str]:
        """The first moves of the next ``count`` thinking lines."""
        lines = [re.fullmatch(THINKING, engine.until(THINKING)[-1]) for _ in range(count)]
        return {line["pv"].split()[0] for line in lines if line is not None}

    start(engine, "chess", f"setboard {queen_won}", "post", "exclude d1d8", "analyze")
    assert "d1d8" not in first_moves(3)
    engine.send("exclude all", "include h2h3", "include g2g3")
    sync(engine)
    assert first_moves(4) <= {"h2h3", "g2g3"}
    engine.send("exclude all")
    sync(engine)
    engine.quiet()
    engine.send("include all")
    assert first_moves(1) == {"d1d8"}, "the mate, found at once"
    engine.send("exclude d1d8")
    sync(engine)
    assert "d1d8" not in first_moves(2)
    engine.send("usermove h2h3")  # every move again in a position reached anew
    sync(engine)
    engine.send("undo")
    # The analysis of the mate may reach its depth limit and fall silent before the pong: its
    # lines (those whose first move is White's, not Black's after h2h3) are then among the lines
    # before it.
    white_moves = {move.uci() for move in meiriqi.Board(queen_won, variant="chess").legal_moves}
    before_pong = first_moves_of(sync(engine))
    after_undo = [move for move in before_pong if move in white_moves] or [
        *first_moves_of(engine.until(THINKING))
    ]
    assert after_undo[-1] == "d1d8"
    engine.send("exit", "nopost")
    sync(engine)
    assert sync(engine) == []


def test_multipv_and_cores_in_analysis() -> None:
    process = EngineProcess("xboard")
    process.send("xboard", "protover 2")
    process.until(r"feature done=1")
    process.send("new", "force", "cores 2", "option MultiPV=3", "post", "analyze")
    lines = [re.fullmatch(THINKING, line) for line in process.until(r"4 .*")]
    by_depth: dict[int, list[str]] = {}
    for line in lines:
        assert line is not None
        by_depth.setdefault(int(line[1]), []).append(line["pv"].split()[0])
    for depth in (1, 2, 3):
        assert len(by_depth[depth]) == 3 and len(set(by_depth[depth])) == 3, by_depth
    process.send("exit")
    assert process.close() == ""


def test_python_chess_analyses_with_xboard() -> None:
    command = [sys.executable, "-m", "meiriqi", "xboard"]
    with chess.engine.SimpleEngine.popen_xboard(command, timeout=60) as gui:
        board = chess.Board("3q2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = gui.analyse(board, chess.engine.Limit(depth=4))
        assert info["pv"][0] == chess.Move.from_uci("d1d8") and info["depth"] >= 4
        only = [chess.Move.from_uci("h2h3"), chess.Move.from_uci("g2g3")]
        info = gui.analyse(board, chess.engine.Limit(depth=3), root_moves=only)
        assert info["pv"][0] in only
        mate = chess.Board("1r4k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
        info = gui.analyse(mate, chess.engine.Limit(depth=5))
        assert info["score"].relative == chess.engine.Mate(2)


def test_highlights_and_promotion_choice(engine: EngineProcess) -> None:
    board = meiriqi.Board()
    start(engine, "meiriqi")
    engine.send("lift c2")
    assert engine.read() == "highlight 10/10/10/10/10/2Y7/2Y7/1Y1Y6/10/10"
    engine.send("lift e5")
    assert engine.read() == "highlight " + "/".join(["10"] * 10)
    engine.send("lift P@")
    assert sync(engine) == []
    assert board.piece_at(meiriqi.parse_square("c3")) == meiriqi.Piece.from_symbol("I")

    fen = "9k/10/10/2S7/10/10/10/10/10/8K1 w - - 0 1"
    start(engine, "meiriqi", f"setboard {fen}")
    engine.send("lift c6")
    assert engine.read() == "highlight 10/10/1MMM6/10/1Y1Y6/10/10/10/10/10"
    engine.send("put c7")
    assert engine.read() == "choice O="
    engine.send("put c5")
    for declined in ("c6c7=", "c6c7s", "c6c7o"):
        engine.send(f"usermove {declined}", "undo")
    engine.send("usermove c6c7j")
    assert sync(engine) == ["Illegal move: c6c7j"]


def test_shogi_style_promotion_choice(engine: EngineProcess) -> None:
    start(
        engine,
        "wildeurasian-mitregi",
        "setboard 5k6/12/12/12/12/12/12/12/12/L11/12/6K5[] w - - 0 1",
    )
    engine.send("lift a3")
    assert engine.read() == "highlight M11/M11/M11/M11/Y11/Y11/Y11/Y11/Y11/12/12/12"
    engine.send("put a10", "put a12")
    assert [engine.read(), engine.read()] == ["choice +=", "choice +"]
    engine.send("usermove a3a12", "usermove a3a12+")
    assert sync(engine) == ["Illegal move: a3a12"]


def test_captures_are_red(engine: EngineProcess) -> None:
    start(engine, "chess", "setboard 6k1/p4ppp/8/8/8/8/8/R5K1 w - - 0 1")
    engine.send("lift a1")
    assert engine.read() == "highlight 8/R7/Y7/Y7/Y7/Y7/Y7/1YYYYY2"


def test_bad_input_gets_an_error_and_never_ends_the_engine(engine: EngineProcess) -> None:
    start(engine, "meiriqi")
    replies = {
        "sd x": "Error (bad arguments): sd x",
        "st -1": "Error (bad arguments): st -1",
        "level 40 5": "Error (bad arguments): level 40 5",
        "time soon": "Error (bad arguments): time soon",
        "variant nope": "Error (unknown variant 'nope'): variant nope",
        "frobnicate now": "Error (unknown command): frobnicate now",
        "undo": "Error (command not legal now): undo",
        "remove": "Error (command not legal now): remove",
        "usermove": "Illegal move (not a coordinate move): ",
        "option Hash=16": "Error (unknown option): option Hash=16",
        "option MultiPV": "Error (unknown option): option MultiPV",
        "option Perpetual check loses": "Error (unknown option): option Perpetual check loses",
        "exclude c2c5": "Error (bad arguments): exclude c2c5",
        "include zz": "Error (bad arguments): include zz",
    }
    for command, reply in replies.items():
        engine.send(command)
        assert engine.read() == reply
    engine.send("setboard not a fen")
    assert engine.read().startswith("tellusererror Illegal position: ")
    engine.send("usermove c2c3")
    assert engine.read() == "Illegal move (no legal position is set up): c2c3"
    start(engine, "meiriqi")
    engine.send("usermove c2c3")
    assert sync(engine) == []


@pytest.mark.parametrize(
    "command",
    [
        "st nan",
        "st inf",
        "st -inf",
        "st 0",
        "st 1_0",
        "level 40 inf 0",
        "level 40 5 nan",
        "level 40 5 -1",
        "level 40 -5 0",
        "level 40 5:nan 0",
        "level -1 5 0",
        "level 1.5 5 0",
        "sd 0",
        "sd -3",
        "sd nan",
        "time nan",
        "time 1.5",
        "otim x",
        "otim inf",
        "cores 0",
        "cores x",
        "option MultiPV=0",
        "option MultiPV=-1",
        "option MultiPV=two",
        "option Perpetual check loses=yes",
    ],
)
def test_nonsense_numbers_are_refused_at_the_command(engine: EngineProcess, command: str) -> None:
    board = meiriqi.Board(variant="chess")
    start(engine, "chess", "st 0.1")
    engine.send(command)
    assert engine.read() == f"Error (bad arguments): {command}"
    engine.send("go")
    engine_move(engine, board)
    assert sync(engine) == []


@pytest.mark.parametrize(
    "commands",
    [
        ("st 0.1", "sd " + "9" * 5000),
        ("st 0.1", f"sd {2**64 + 1}"),
        ("st 1e300",),
        ("level 0 " + "9" * 400 + " 0", "time " + "9" * 400),
        ("level " + "9" * 30 + " 1 " + "9" * 30, "time 100"),
    ],
)
def test_huge_numbers_are_cut_and_the_engine_still_moves(
    engine: EngineProcess, commands: tuple[str, ...]
) -> None:
    board = meiriqi.Board(variant="chess")
    assert start(engine, "chess", *commands) == []
    engine.send("go")
    time.sleep(0.3)
    engine.send("?")
    engine_move(engine, board)
    assert sync(engine) == []


def test_ping_while_thinking_is_answered_after_the_move(engine: EngineProcess) -> None:
    board = meiriqi.Board(variant="chess")
    start(engine, "chess", "st 1000")
    engine.send("go", "ping 77", "?")
    engine_move(engine, board)
    assert engine.read() == "pong 77"
    engine.send("go", "ping 78", "force")
    assert engine.read() == "pong 78"
    assert sync(engine) == []


class FailingBoard(meiriqi.Board):
    """A board whose search fails, as a bug in the core would make it."""

    def search(self, *args: object, **kwargs: object) -> meiriqi.SearchResult:
        raise RuntimeError("the search broke")


def test_a_failing_search_is_reported_and_a_move_still_played() -> None:
    stream = io.StringIO()
    engine = XBoardEngine(Output(stream))
    engine.set_board(FailingBoard(variant="chess"))
    first = engine.board.legal_moves_uci()[0]
    engine.go("")
    engine.searcher.wait()
    assert stream.getvalue().splitlines() == [
        "telluser meiriqi: the search failed (RuntimeError: the search broke); "
        "the first legal move is played",
        f"move {first}",
    ]
    assert engine.board.move_stack[-1].uci() == first


def test_a_game_with_swaps_gets_a_parent_in_which_xboard_swaps() -> None:
    # XBoard swaps a piece moved onto a friendly one only in a game without castling rights;
    # in its "fairy" it takes the friend off the board, and then refuses the friend's next move.
    assert setup_command(meiriqi.Board(variant="yangqi")) == (
        "setup (INBR.......P.....V...Kinbr.......p.....v...k) 9x10+0_shatranj "
        "rnbvkvbnr/1p5p1/i1i1i1i1i/1i1i1i1i1/9/9/1I1I1I1I1/I1I1I1I1I/1P5P1/RNBVKVBNR w 0 1"
    )
    board = meiriqi.Board(variant="wildeurasian-bestiary")
    command = setup_command(board)
    assert command is not None and f"_fairy {board.fen()}" in command


def test_setboard_reads_the_fens_xboard_writes(engine: EngineProcess) -> None:
    # On a board of ten ranks XBoard's en-passant square counts ranks from 0, as its moves do;
    # its FEN of a game without castling (its Shatranj) has no castling and en-passant fields.
    board = meiriqi.Board(variant="yangqi")
    for move in ("a3a4", "d7d6", "a4a5", "d6d5", "e3e5"):
        board.push_uci(move)
    placement, turn, castling, en_passant, *counters = board.fen().split()
    assert (castling, en_passant) == ("-", "e4")
    xboard_fen = " ".join([placement, turn, castling, to_gui(en_passant, board), *counters])
    assert start(engine, "yangqi", f"setboard {xboard_fen}", "usermove d4e3") == []
    assert start(engine, "yangqi", f"setboard {placement} {turn} 0 3", "usermove d4e3") == [
        "Illegal move: d4e3"
    ]
    # XBoard's Grand Chess writes the captured pieces a Pawn may promote to after the board
    # (none: [-]) and no castling field; Black is to move (e8-e7 is e7e6 to XBoard).
    grand = "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R[-] b - 0 1"
    assert start(engine, "grand", f"setboard {grand}", "usermove e7e6") == []
    assert start(engine, "grand", f"setboard {grand}", "usermove e4e5") == ["Illegal move: e4e5"]


def test_help_says_what_the_engine_does_and_how_a_gui_starts_it() -> None:
    command = [sys.executable, "-m", "meiriqi", "xboard", "--help"]
    shown = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    assert shown.stdout.startswith("usage: meiriqi xboard ")
    assert "standard input" in shown.stdout
    assert 'xboard -fcp "meiriqi xboard" -variant meiriqi -testLegality false' in shown.stdout


def test_a_pass_is_four_at_signs(engine: EngineProcess) -> None:
    board = meiriqi.Board(variant="janggi")
    assert move_to_gui(board.parse_san("Ke2"), board) == "@@@@"
    assert move_to_gui(board.parse_san("Nc3"), board) == "b0c2"
    # White passes; the engine takes White, and Black's pass ends the game: two passes in a row,
    # with level material, so Black's komi wins.
    assert start(engine, "janggi", "sd 1", "usermove @@@@", "playother") == []
    engine.send("usermove @@@@")
    assert engine.read() == "0-1 {Two passes: material count}"
    assert sync(engine) == []
