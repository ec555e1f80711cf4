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
