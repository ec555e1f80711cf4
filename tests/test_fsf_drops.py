"""The hand and promotion mechanisms of the drop games named after Fairy-Stockfish's
(``crazyhouse``, ``minishogi``, ``kyotoshogi``, ``torishogi``) through the Python surface: moves
and their notation (``Q~`` pieces, demotions ``a1a2-``, drops either side up ``+P@c3``, Tori
shogi's Swallows), a mate by a drop that the dropper loses, the player, the pictures, game
records and both engine protocols.
Their rules are cross-checked against pyffish in ``tests/test_reference_games.py``."""

from __future__ import annotations

import concurrent.futures
import io
import multiprocessing
import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from protocol_driver import EngineProcess

import meiriqi
from meiriqi import Move, pgn, repl
from meiriqi.web.notation import legal_moves
from meiriqi.xboard import move_to_gui
from meiriqi.xboard_setup import piece_commands, setup_command

KYOTO_HANDS = "p+nks+l/5/5/5/+LSK+NP[PSNLpsnl] w - - 0 1"
DROP_MATE = "k4/2G2/1K3/5/5[P] w - - 0 1"
"""Minishogi: White's Pawn drop on a4 mates, and loses."""


def test_a_promoted_queen_is_a_queen_to_notation() -> None:
    board = meiriqi.Board("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", variant="crazyhouse")
    move = board.parse_san("b8=Q")
    assert move == Move.from_uci("b7b8q", variant="crazyhouse") and move.uci() == "b7b8q"
    board.push(move)
    assert board.fen() == "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    promoted = board.piece_at(meiriqi.parse_square("b8"))
    assert promoted is not None and promoted.symbol() == "Q~"
    board.push_san("Kd7")
    assert board.san(board.parse_uci("b8c7")) == "Qc7+"
    board.push_san("Qc7+")
    board.push_san("Kxc7")
    assert board.fen() == "8/2k5/8/8/8/8/8/4K3[p] w - - 0 3"
    pawn = meiriqi.Piece.from_symbol("p", variant="crazyhouse").piece_type
    assert board.hand(meiriqi.BLACK) == {pawn: 1}


def test_kyoto_moves_read_and_write_as_fairy_stockfish_writes_them() -> None:
    board = meiriqi.Board(KYOTO_HANDS, variant="kyotoshogi")
    drop = board.push_uci("+P@c3")
    assert drop.uci() == "+P@c3" and drop == Move.from_uci("+P@c3", variant="kyotoshogi")
    assert board.peek().drop is not None
    board.push_san("+P@c4")
    demotion = board.parse_uci("c3c4-")
    assert demotion == Move.from_uci("c3c4-", variant="kyotoshogi")
    assert board.san(demotion) == "+Pxc4=P+"
    assert board.parse_san("+Pxc4=P") == demotion == board.parse_san("c3c4-")
    board.push(demotion)
    assert board.fen() == "p+nks+l/2P2/5/5/+LSK+NP[NLPSnls] b - - 0 2"


def test_a_mating_drop_that_loses_ends_the_game_for_the_mated_side() -> None:
    board = meiriqi.Board(DROP_MATE, variant="minishogi")
    board.push_san("P@a4")
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == meiriqi.Termination.DROP_MATE
    assert outcome.winner is meiriqi.BLACK and outcome.result() == "0-1"
    assert not board.legal_moves and board.is_check()
    # From the position alone, it is an ordinary mate.
    alone = meiriqi.Board(board.fen(), variant="minishogi").outcome()
    assert alone is not None and alone.termination == meiriqi.Termination.CHECKMATE
    record = pgn.Game.from_board(board)
    assert record.headers["Result"] == "0-1"
    assert record.headers["Termination"] == "mate by a forbidden drop"
    read = pgn.read_game(io.StringIO(str(record)))
    assert read is not None and not read.errors
    assert read.end().board().outcome() == outcome


def test_the_search_does_not_mate_by_a_drop_it_would_lose_by() -> None:
    board = meiriqi.Board(DROP_MATE, variant="minishogi")
    result = board.search(depth=3)
    assert result.move is not None and result.move.uci() != "P@a4"


def test_the_player_takes_drops_demotions_and_announces_a_drop_mate() -> None:
    out = io.StringIO()
    session = repl.Session(meiriqi.Board(KYOTO_HANDS, variant="kyotoshogi"), out=out)
    for line in ("+P@c3", "+p@c4", "c3c4-", "undo", "+Pxc4=P", "moves"):
        session.execute(line)
    assert "error" not in out.getvalue()
    assert session.board.fen() == "p+nks+l/2P2/5/5/+LSK+NP[NLPSnls] b - - 0 2"
    out = io.StringIO()
    session = repl.Session(meiriqi.Board(DROP_MATE, variant="minishogi"), out=out)
    session.execute("P@a4")
    session.show()
    assert "White checkmated Black with a drop that the rules of Minishogi make a loss" in (
        out.getvalue()
    )
    assert "Black wins, 0-1" in out.getvalue()


def test_the_picture_shows_the_hands_and_promoted_pieces() -> None:
    fen = "r3k2r/1P4pp/8/8/8/8/6PP/R2QK1Q~R[QRBNPqrbnp] w KQkq - 0 1"
    root = ET.fromstring(meiriqi.svg.board(meiriqi.Board(fen, variant="crazyhouse")))
    held = [
        element.get("data-piece", "")
        for element in root.iter()
        if "hand-piece" in (element.get("class") or "")
    ]
    assert sorted(held) == sorted("QRBNPqrbnp")
    on_board = {element.get("data-on"): element.get("data-piece") for element in root.iter()}
    assert on_board["g1"] == "Q~"


def test_uci_engine_plays_drops_demotions_and_promoted_drops() -> None:
    engine = EngineProcess("uci")
    engine.send("uci")
    engine.until("uciok")
    engine.send(
        "setoption name UCI_Variant value kyotoshogi",
        f"position fen {KYOTO_HANDS} moves +P@c3 +P@c4 c3c4- c5c4 N@a3",
        "go depth 2",
    )
    best = engine.until(r"bestmove \S+(?: ponder \S+)?")[-1].split()[1]
    board = meiriqi.Board(KYOTO_HANDS, variant="kyotoshogi")
    for uci in ["+P@c3", "+P@c4", "c3c4-", "c5c4", "N@a3"]:
        board.push_uci(uci)
    assert best in board.legal_moves_uci()
    engine.send("setoption name UCI_Variant value minishogi", f"position fen {DROP_MATE}")
    engine.send("go depth 3")
    assert engine.until(r"bestmove \S+(?: ponder \S+)?")[-1].split()[1] != "P@a4"
    engine.send("quit")
    assert engine.close() == ""


def test_xboard_gets_demotions_as_promotions_and_every_kind_in_hand() -> None:
    board = meiriqi.Board(variant="kyotoshogi")
    demotion = board.parse_uci("a1a2-")
    assert move_to_gui(demotion, board) == "a1a2l"
    assert board.parse_uci("a1a2l") == demotion
    setup = setup_command(meiriqi.Board(variant="minishogi"))
    assert setup == (
        "setup (PSBRG......++++......Kpsbrg......++++......k) 5x5+5_shatranj "
        "rbsgk/4p/5/P4/KGSBR[] w 0 1"
    )
    assert setup_command(meiriqi.Board(variant="crazyhouse")) is None


def test_xboard_shows_every_bird_of_tori_shogi_and_moves_all_but_the_quails() -> None:
    board = meiriqi.Board(variant="torishogi")
    assert setup_command(board) == (
        "setup (SPLRFC.....+...+.....Ksplrfc.....+...+.....k) 7x7+6_shatranj "
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w 0 1"
    )
    # The Quails differ left from right: XBoard is told nothing of their moves.
    commands = piece_commands(board)
    assert [command.split()[1] for command in commands] == [
        "S&",
        "F&",
        "C&",
        "P&",
        "K&",
        "+S&",
        "+F&",
    ]
    assert "piece +F& fsWbRfBbF2" in commands


def test_tori_shogi_reads_fairy_stockfish_s_swallow_letter_and_writes_shogi_s_san() -> None:
    board = meiriqi.Board(variant="torishogi")
    assert board.parse_san("Sd4") == board.parse_uci("d3d4") == board.parse_san("d4")
    assert board.san(board.parse_uci("c3c4")) == "cxc4"
    board = meiriqi.Board("3k3/1S5/1F5/7/7/7/3K3[] w - - 0 1", variant="torishogi")
    assert board.san(board.parse_uci("b6b7+")) == "b7=+"
    with pytest.raises(meiriqi.IllegalMoveError):
        board.push_uci("b5c6")  # a Falcon entering the camp must promote


@pytest.mark.parametrize(
    ("variant", "text", "why"),
    [
        ("kyotoshogi", "Q@c3", "not a piece letter"),
        ("kyotoshogi", "++P@c3", "invalid coordinate move"),
        ("crazyhouse", "e2e4-", "illegal"),
    ],
)
def test_bad_drops_and_demotions_are_refused_with_a_reason(
    variant: str, text: str, why: str
) -> None:
    board = meiriqi.Board(variant=variant)
    with pytest.raises(ValueError, match=why):
        board.push_uci(text)


def test_the_web_page_offers_a_drop_either_side_up() -> None:
    board = meiriqi.Board(KYOTO_HANDS, variant="kyotoshogi")
    on_c3 = [move for move in legal_moves(board) if move["to"] == "c3" and move["drop"] == "P"]
    assert sorted(move["uci"] for move in on_c3) == ["+P@c3", "P@c3"]
    assert {move["becomes"]["name"] for move in on_c3} == {"pawn", "rook"}
    board = meiriqi.Board("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", variant="crazyhouse")
    (drop,) = [move for move in legal_moves(board) if move["to"] == "c3"]
    assert drop["drop"] == "P" and drop["becomes"] is None


TWO_PAWNS = "twopawns"
"""Minishogi with two Pawns to a file (as Tori shogi's Swallows): ``per-file = 2`` here,
``dropNoDoubledCount = 2`` in Fairy-Stockfish."""
TWO_PAWN_STARTS = ["rbsgk/4p/5/P4/KGSBR[] w - - 0 1", "rbsgk/4p/5/P4/KGSBR[PPPppp] w - - 0 1"]


def _two_pawn_games(seeds: list[int]) -> Counter[str]:
    """In a worker of its own (a loaded game stays loaded): random games of the two-Pawn game
    played beside pyffish, every position compared as the Fairy-Stockfish games' are."""
    import pyffish
    from test_reference_games import play

    text = (
        meiriqi.Variant("minishogi")
        .source.replace('name = "minishogi"', f'name = "{TWO_PAWNS}"')
        .replace('title = "Minishogi"', 'title = "Two Pawns"')
        .replace("one-per-file = true", "per-file = 2")
    )
    meiriqi.Variant.from_toml(text)
    pyffish.load_variant_config(f"[{TWO_PAWNS}:minishogi]\ndropNoDoubledCount = 2\n")
    stats: Counter[str] = Counter()
    for seed in seeds:
        chooser = random.Random(seed)
        start = TWO_PAWN_STARTS[seed % 2]
        play(TWO_PAWNS, start, "special", 120, chooser, stats)
    return stats


def test_a_limit_of_two_per_file_agrees_with_fairy_stockfish() -> None:
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as worker:
        stats = worker.submit(_two_pawn_games, list(range(6))).result(timeout=600)
    assert stats[f"{TWO_PAWNS} games"] == 6
    assert stats[f"{TWO_PAWNS} drop moves"] > 20, stats
