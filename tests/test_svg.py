"""SVG pictures: well-formed XML with the board's squares, regions, pieces and highlights."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import meiriqi
from meiriqi import svg
from meiriqi._core import PAWN, Move, parse_square, piece_symbol

NS = {"svg": "http://www.w3.org/2000/svg"}
# Black to move and in check: the White Rook on a10 attacks the Black King on j10 along rank 10.
CHECK = "R8k/10/10/10/10/10/10/10/10/7K2 b - - 0 1"


def parse(picture: str) -> ET.Element:
    """The SVG document as an element tree (fails on malformed XML)."""
    root = ET.fromstring(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """Every element whose class list holds ``name``."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def square_rect(root: ET.Element, name: str) -> ET.Element:
    """The rectangle drawn for the square called ``name``."""
    (rect,) = with_class(root, name)
    return rect


def test_start_position() -> None:
    board = meiriqi.Board()
    root = parse(svg.board(board))
    assert len(with_class(root, "square")) == 100
    assert len(with_class(root, "light")) == len(with_class(root, "dark")) == 50
    assert "dark" in square_rect(root, "a1").get("class", "")
    assert "light" in square_rect(root, "b1").get("class", "")
    assert len(with_class(root, "fortress")) == 2
    assert len(with_class(root, "fortress-x")) == 4
    assert len(with_class(root, "camp")) == 2 * 11
    pieces = with_class(root, "piece")
    assert len(pieces) == len(board.piece_map())
    assert len(with_class(root, "white")) == len(with_class(root, "black")) == 23
    letters = sorted(text.text or "" for g in pieces for text in g.findall("svg:text", NS))
    expected = sorted(
        piece_symbol(p.piece_type) for p in board.piece_map().values() if p.piece_type != PAWN
    )
    assert letters == expected
    assert not with_class(root, "lastmove") and not with_class(root, "check")
    assert not with_class(root, "arrow")
    labels = [e.text for e in with_class(root, "coord")]
    assert labels == [*"abcdefghij", *(str(n) for n in range(1, 11))]


def test_fortress_x_joins_the_corner_squares() -> None:
    root = parse(svg.board(meiriqi.Board()))
    corners = {
        name: (float(r.get("x", "0")) + 22.5, float(r.get("y", "0")) + 22.5)
        for name in ("h1", "j1", "h3", "j3", "h8", "j10")
        for r in [square_rect(root, name)]
    }
    ends = {
        frozenset(
            {
                (float(x.get("x1", "0")), float(x.get("y1", "0"))),
                (float(x.get("x2", "0")), float(x.get("y2", "0"))),
            }
        )
        for x in with_class(root, "fortress-x")
    }
    assert frozenset({corners["h1"], corners["j3"]}) in ends
    assert frozenset({corners["j1"], corners["h3"]}) in ends
    assert frozenset({corners["h8"], corners["j10"]}) in ends


def test_last_move_check_and_arrows() -> None:
    board = meiriqi.Board(CHECK)
    move = Move.from_uci("a2a10")
    arrows: list[svg.Arrow | tuple[int, int]] = [
        svg.Arrow(parse_square("a10"), parse_square("j10"), color="red"),
        (0, 0),
    ]
    root = parse(svg.board(board, lastmove=move, arrows=arrows))
    marked = {(r.get("x"), r.get("y")) for r in with_class(root, "lastmove")}
    assert marked == {
        (square_rect(root, n).get("x"), square_rect(root, n).get("y")) for n in ("a2", "a10")
    }
    (check,) = with_class(root, "check")
    king = square_rect(root, "j10")
    assert (check.get("x"), check.get("y")) == (king.get("x"), king.get("y"))
    drawn = with_class(root, "arrow")
    assert len(drawn) == 2
    assert drawn[0].find("svg:polygon", NS) is not None
    assert drawn[1].tag.endswith("circle")


def test_flipped_board_turns_around() -> None:
    board = meiriqi.Board()
    normal = parse(svg.board(board))
    flipped = parse(svg.board(board, flipped=True))
    for a, b in (("a1", "j10"), ("j1", "a10"), ("c4", "h7")):
        a_rect, b_rect = square_rect(normal, a), square_rect(flipped, b)
        assert (a_rect.get("x"), a_rect.get("y")) == (b_rect.get("x"), b_rect.get("y"))
    assert [e.text for e in with_class(flipped, "file")] == list("abcdefghij")
    first_file = min(with_class(flipped, "file"), key=lambda e: float(e.get("x", "0")))
    assert first_file.text == "j"


@pytest.mark.parametrize(("size", "height"), [(None, None), (400, "400")])
def test_size(size: int | None, height: str | None) -> None:
    root = parse(svg.board(meiriqi.Board(), size=size))
    assert root.get("width") == (None if size is None else str(size))
    assert root.get("height") == height
    assert root.get("viewBox") == "0 0 490 490"


def test_other_geometry() -> None:
    geometry = svg.Geometry(width=9, height=10)
    root = parse(svg.board(meiriqi.Board.empty(), geometry=geometry, size=450))
    assert len(with_class(root, "square")) == 90
    assert not with_class(root, "fortress") and not with_class(root, "camp")
    assert root.get("height") == "500"
    assert [e.text for e in with_class(root, "file")] == list("abcdefghi")


def test_jupyter_display() -> None:
    board = meiriqi.Board()
    picture = svg.board(board)
    assert isinstance(picture, str)
    assert picture._repr_svg_() == picture
    assert board._repr_svg_() == picture


def test_yangqi_board_has_nine_files_and_no_markings() -> None:
    geometry = svg.Geometry.of(meiriqi.Board(variant="yangqi"))
    assert (geometry.width, geometry.height) == (9, 10)
    assert geometry.fortresses == () and geometry.camp_lines == ()
    assert svg.Geometry.of(meiriqi.Board()).camp_lines == (3, 7)


# -- the reference games: hands, + pieces, the River, palaces, setups ------------------------------

SHOGI_HANDS = "lnsgk2nl/1r4+Ps1/pp1pppp1p/2p3p2/9/2P6/PP1PPPPPP/1+b5R1/LNSGKGSNL[PPPGb] b - - 0 1"
"""Shogi: White holds a Gold and three Pawns, Black a Bishop; a Tokin (+P) and a Horse (+b)."""


def top(element: ET.Element) -> float:
    """The ``y`` of an element drawn at a height (a rectangle or a circle)."""
    return float(element.get("y") or element.get("cy") or "nan")


def hand(root: ET.Element, side: str) -> ET.Element:
    """The group drawn for ``side``'s hand."""
    (group,) = [g for g in with_class(root, "hand") if side in g.get("class", "").split()]
    return group


def band_top(root: ET.Element, side: str) -> float:
    """The top of the band of ``side``'s hand."""
    band = hand(root, side).find("svg:rect", NS)
    assert band is not None
    return top(band)


def hand_pieces(root: ET.Element, side: str) -> dict[str, str]:
    """The pieces drawn in ``side``'s hand: the letters (``P`` for a pawn's plain disc) and the
    count drawn with each."""
    held = {}
    for group in with_class(hand(root, side), "hand-piece"):
        letters = [
            t.text or ""
            for t in group.findall("svg:text", NS)
            if "hand-count" not in t.get("class", "")
        ]
        (count,) = [t.text for t in with_class(group, "hand-count")]
        held[letters[0] if letters else "P"] = count or ""
    return held


def test_shogi_shows_both_hands_with_counts_and_plus_pieces() -> None:
    board = meiriqi.Board(SHOGI_HANDS, variant="shogi")
    root = parse(svg.board(board))
    width = 2 * svg.MARGIN + 9 * svg.SQUARE_SIZE
    height = 2 * (svg.MARGIN + svg.HAND_BAND) + 9 * svg.SQUARE_SIZE
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert hand_pieces(root, "white") == {"G": "1", "P": "3"}
    assert hand_pieces(root, "black") == {"B": "1"}
    titles = [e.text for e in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "White's hand: 1 gold, 3 pawns" in titles and "Black's hand: 1 bishop" in titles
    pieces = with_class(root, "piece")
    assert len(pieces) == len(board.piece_map())
    letters = {t.text: t for g in pieces for t in g.findall("svg:text", NS)}
    assert {"+P", "+B", "L", "K"} <= set(letters)
    assert float(letters["+P"].get("font-size", "0")) < float(letters["L"].get("font-size", "0"))
    assert with_class(root, "tokin") and with_class(root, "horse")
    # Black's hand above the board, White's below; the other way round when flipped.
    assert band_top(root, "black") < top(square_rect(root, "a9"))
    assert band_top(root, "white") > top(square_rect(root, "a1")) + svg.SQUARE_SIZE
    flipped = parse(svg.board(board, flipped=True))
    assert band_top(flipped, "white") < top(square_rect(flipped, "i1"))
    assert band_top(flipped, "black") > top(square_rect(flipped, "a9"))


def test_a_drop_marks_one_square_and_empty_hands_are_drawn() -> None:
    board = meiriqi.Board(variant="shogi")
    for san in ("c4", "g6", "Bxh8=+", "Sxh8", "B@e5"):
        board.push_san(san)
    root = parse(svg.board(board, lastmove=board.peek(), size=445))
    (marked,) = with_class(root, "lastmove")
    assert (marked.get("x"), marked.get("y")) == (
        square_rect(root, "e5").get("x"),
        square_rect(root, "e5").get("y"),
    )
    assert hand_pieces(root, "white") == {} and hand_pieces(root, "black") == {"B": "1"}
    board_height = 9 * svg.SQUARE_SIZE
    assert root.get("height") == str(round(445 * (board_height + 2 * svg.HAND_BAND) / 405))


def test_xiangqi_has_the_river_and_both_palaces() -> None:
    board = meiriqi.Board(variant="xiangqi")
    geometry = svg.Geometry.of(board)
    assert geometry.fortresses == (
        (parse_square("d1"), parse_square("f3")),
        (parse_square("d8"), parse_square("f10")),
    )
    assert geometry.river == 5 and geometry.camp_lines == ()
    root = parse(svg.board(board))
    assert len(with_class(root, "fortress")) == 2 and len(with_class(root, "fortress-x")) == 4
    (river,) = with_class(root, "river")
    (band,) = river.findall("svg:rect", NS)
    line = top(square_rect(root, "a5"))  # the line between ranks 5 and 6
    assert top(band) + float(band.get("height", "0")) / 2 == line
    assert [e.text for e in with_class(root, "river-label")] == ["RIVER"]
    assert not with_class(root, "hand") and not with_class(root, "camp")
    letters = sorted(
        t.text or "" for g in with_class(root, "piece") for t in g.findall("svg:text", NS)
    )
    assert letters == sorted("RNBAKABNRCC" * 2)  # the soldiers are plain discs
    assert len(with_class(root, "piece")) == 32


def test_chess_has_no_river_hand_or_fortress_and_shows_castling() -> None:
    board = meiriqi.Board(variant="chess")
    for san in ("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"):
        board.push_san(san)
    root = parse(svg.board(board, lastmove=board.peek()))
    assert root.get("viewBox") == "0 0 400 400"
    assert not with_class(root, "river") and not with_class(root, "hand")
    assert not with_class(root, "fortress") and not with_class(root, "camp")
    assert len(with_class(root, "lastmove")) == 2
    assert with_class(root, "king") and with_class(root, "rook")
    assert meiriqi.Board(variant="meiriqi").has_hands is False
    assert not with_class(parse(svg.board(meiriqi.Board())), "hand")


def test_an_invalid_setup_renders() -> None:
    board = meiriqi.Board.empty(variant="shogi")
    board.set_piece_at(parse_square("e5"), meiriqi.Piece.from_symbol("+P", variant="shogi"))
    assert not board.is_valid()
    with pytest.raises(meiriqi.InvalidPositionError):
        board.is_check()
    root = parse(svg.board(board))
    (piece,) = with_class(root, "piece")
    assert [t.text for t in piece.findall("svg:text", NS)] == ["+P"]
    assert len(with_class(root, "hand")) == 2 and not with_class(root, "check")
    chess = meiriqi.Board.empty(variant="chess")
    chess.set_piece_at(parse_square("e1"), meiriqi.Piece.from_symbol("K", variant="chess"))
    assert len(with_class(parse(svg.board(chess)), "piece")) == 1


def test_squares_pieces_and_hands_carry_their_names_for_pages() -> None:
    board = meiriqi.Board(variant="shogi")
    for san in ("c4", "g6", "Bxh8=+", "Sxh8"):
        board.push_san(san)
    root = parse(svg.board(board, flipped=True))
    named = {rect.get("data-square"): rect for rect in with_class(root, "square")}
    assert len(named) == 81 and "a1" in named and "i9" in named
    assert "e5" in named["e5"].get("class", "").split()
    placed = {g.get("data-on"): g.get("data-piece") for g in with_class(root, "piece")}
    assert placed == {
        meiriqi.square_name(sq): piece.symbol() for sq, piece in board.piece_map().items()
    }
    held = sorted(
        (g.get("data-piece"), g.get("data-count")) for g in with_class(root, "hand-piece")
    )
    assert held == [("B", "1"), ("b", "1")]
    assert not [e for e in with_class(root, "lastmove") if e.get("data-square")]


def test_one_piece_is_drawn_as_on_the_board() -> None:
    knight = parse(svg.piece(meiriqi.Piece.from_symbol("n"), size=60))
    assert knight.get("width") == knight.get("height") == "60"
    title = knight.find("svg:title", NS)
    assert title is not None and title.text == "black knight"
    assert [t.text for t in knight.findall(".//svg:text", NS)] == ["N"]
    pawn = parse(svg.piece(meiriqi.Piece.from_symbol("+P", variant="shogi")))
    assert [t.text for t in pawn.findall(".//svg:text", NS)] == ["+P"]
    plain = parse(svg.piece(meiriqi.Piece.from_symbol("I")))
    assert not plain.findall(".//svg:text", NS) and plain.get("width") is None
