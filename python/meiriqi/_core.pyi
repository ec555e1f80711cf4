"""Type stubs for the native core of meiriqi (built from the Rust crate with PyO3).

Squares are integers ``rank * 16 + file`` (``a1 = 0``, ``b1 = 1``, ``a2 = 16``, ``j10 = 153``),
the same numbering for every board size up to 12x12. Colours are booleans: ``WHITE = True``.
Piece types are numbered per variant, from 1 in the order of its piece table
(``Board.piece_types``); the constants ``KING`` ... ``CHAMPION`` are Mĕirìqí's.
"""

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, Literal, Protocol, final, overload

from typing_extensions import Self, disjoint_base

__all__ = [
    "BLACK",
    "CHAMPION",
    "EAGLE",
    "GOLD",
    "GRYPHON",
    "JANUS",
    "KING",
    "KNIGHT",
    "LION",
    "MANDARIN",
    "OGYO",
    "PAWN",
    "PEGASUS",
    "PIECE_TYPES",
    "QUEEN",
    "RHINO",
    "ROOK",
    "SILVER",
    "STARTING_FEN",
    "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_BAD_HAND",
    "STATUS_EMPTY",
    "STATUS_INVALID_EP_SQUARE",
    "STATUS_KINGS_FACING",
    "STATUS_NO_BLACK_KING",
    "STATUS_NO_WHITE_KING",
    "STATUS_OPPOSITE_CHECK",
    "STATUS_OUT_OF_REGION",
    "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_FAR_ACROSS",
    "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_PRINCES",
    "STATUS_VALID",
    "WHITE",
    "WILDEBEEST",
    "AmbiguousMoveError",
    "Board",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidVariantError",
    "LegalMoves",
    "LineSource",
    "Move",
    "Outcome",
    "Piece",
    "PositionProblem",
    "RecordExporter",
    "RecordKit",
    "SearchMemory",
    "SearchProgress",
    "SearchResult",
    "SkipType",
    "Termination",
    "TreeBuilder",
    "Variant",
    "_set_watch_interval",
    "parse_square",
    "piece_name",
    "piece_symbol",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]

class _Stoppable(Protocol):
    """What :meth:`Board.search` accepts as ``stop``: a ``threading.Event``, say."""

    def is_set(self) -> bool: ...

WHITE: Final[bool]
BLACK: Final[bool]

KING: Final[int]
MANDARIN: Final[int]
PEGASUS: Final[int]
GRYPHON: Final[int]
EAGLE: Final[int]
RHINO: Final[int]
WILDEBEEST: Final[int]
KNIGHT: Final[int]
GOLD: Final[int]
SILVER: Final[int]
LION: Final[int]
PAWN: Final[int]
JANUS: Final[int]
ROOK: Final[int]
OGYO: Final[int]
QUEEN: Final[int]
CHAMPION: Final[int]
PIECE_TYPES: Final[list[int]]

STARTING_FEN: Final[str]

STATUS_VALID: Final[int]
STATUS_NO_WHITE_KING: Final[int]
STATUS_NO_BLACK_KING: Final[int]
STATUS_TOO_MANY_KINGS: Final[int]
STATUS_PAWNS_ON_BACKRANK: Final[int]
STATUS_BAD_CASTLING_RIGHTS: Final[int]
STATUS_INVALID_EP_SQUARE: Final[int]
STATUS_OPPOSITE_CHECK: Final[int]
STATUS_EMPTY: Final[int]
STATUS_KINGS_FACING: Final[int]
STATUS_OUT_OF_REGION: Final[int]
STATUS_BAD_HAND: Final[int]
STATUS_TOO_MANY_PRINCES: Final[int]
STATUS_TOO_FAR_ACROSS: Final[int]

class InvalidFenError(ValueError):
    """A FEN string could not be read; the message says which field and what is wrong."""

class InvalidMoveError(ValueError):
    """A move string is not a well-formed coordinate or SAN move."""

class InvalidPositionError(ValueError):
    """A setup breaks a rule of the variant (``Board.status()`` and ``Board.problems()`` say
    which); raised by a FEN that describes such a setup and by playing on one."""

    problems: tuple[PositionProblem, ...]
    """Every rule broken, in a fixed order (empty for one raised by other code)."""

_ProblemKind = Literal[
    "king_count",
    "unknown_kind",
    "out_of_region",
    "stuck",
    "bad_hand",
    "bad_castling_rights",
    "bad_en_passant",
    "opponent_in_check",
    "kings_facing",
    "too_many_princes",
    "too_far_across",
]

@final
class PositionProblem:
    """One rule a setup breaks, as :attr:`InvalidPositionError.problems` lists them: ``kind``
    names the rule, ``status`` is its ``Status`` flag, and the details the rule has are set
    (``color``, ``square``, ``piece``, ``count``, ``limit``), the others ``None``. ``str()``
    says it in words, as ``Board.problems()`` does. Immutable and hashable."""

    @property
    def kind(self) -> _ProblemKind:
        """The rule broken."""
    @property
    def status(self) -> int:
        """The ``Status`` flag of the rule (``STATUS_NO_BLACK_KING``, ...)."""
    @property
    def color(self) -> bool | None:
        """The side concerned (``True``: White), for the rules about one side."""
    @property
    def square(self) -> int | None:
        """The square concerned, for the rules about one square."""
    @property
    def piece(self) -> Piece | None:
        """The piece concerned (``out_of_region``, ``stuck``)."""
    @property
    def count(self) -> int | None:
        """How many Kings (``king_count``) or Princes (``too_many_princes``) the side has."""
    @property
    def limit(self) -> int | None:
        """The most Princes the side may have (``too_many_princes``)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

class IllegalMoveError(ValueError):
    """A well-formed move is not legal in the position."""

class AmbiguousMoveError(ValueError):
    """A SAN string fits more than one legal move; the message lists them."""

def _set_watch_interval(seconds: float) -> float:
    """Sets how often (seconds, 0.001 to 86400) a call running without the interpreter lock looks
    for Ctrl-C, ``stop`` and ``info``; returns the previous interval (0.02 by default)."""

class InvalidVariantError(ValueError):
    """A variant file could not be read: the message names the file, line, column and field."""

    path: str | None
    """The file's name as given (``"<string>"`` for text read without one)."""
    line: int | None
    """The line of the mistake, from 1; ``None`` for one that lies in no place of the file."""
    column: int | None
    """Its column, from 1, in characters; ``None`` with ``line``."""

@final
class Variant:
    """A game's rules: a built-in variant, or one loaded from a variant file (TOML, as
    docs/variants.md describes). A loaded variant lives as long as the program; its name then
    works wherever a variant's name does. Every ``variant=`` argument takes a ``Variant`` or a
    name."""

    def __new__(cls, variant: Variant | str) -> Self:
        """The variant called ``variant``: built in, or loaded before."""
    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Variant:
        """Reads the variant file at ``path`` (``OSError`` when it cannot be read,
        :class:`InvalidVariantError` for a mistake in it). Loading the same text again gives
        the same variant; a name or title already taken by another variant is refused."""
    @classmethod
    def from_toml(cls, text: str, *, file: str = "<string>") -> Variant:
        """Reads a variant file's ``text``; ``file`` names it in errors. A path is a
        ``TypeError``, and text that reads as one is pointed to :meth:`load`."""
    @classmethod
    def loaded(cls) -> list[Variant]:
        """Every variant loaded from a file in this program so far, in the order they were
        loaded (unpickling a board of one loads it too)."""
    @classmethod
    def offered(cls) -> list[Variant]:
        """Every variant this program offers: the built-in ones (the flagship first), then the
        loaded ones, in the order they were loaded."""
    @property
    def name(self) -> str:
        """The machine name, such as ``meiriqi``."""
    @property
    def title(self) -> str:
        """The name in game records, such as ``Meiriqi``."""
    @property
    def aliases(self) -> list[str]:
        """Other names game records may give the game (``["Standard", ...]`` for chess)."""
    @property
    def description(self) -> str:
        """One line about the game."""
    @property
    def files(self) -> int: ...
    @property
    def ranks(self) -> int: ...
    @property
    def starting_fen(self) -> str: ...
    @property
    def piece_types(self) -> list[int]:
        """The piece types, from 1 in the order of the piece table."""
    @property
    def king_type(self) -> int:
        """The piece type of the King (the royal piece), whether it starts on the board or in
        hand."""
    @property
    def hand_types(self) -> list[int]:
        """The piece types a hand may hold, in the order FEN lists a hand (none without hands)."""
    @property
    def piece_descriptions(self) -> dict[int, str]:
        """Each piece type's description for players (``about`` in the file; may be empty)."""
    @property
    def is_builtin(self) -> bool: ...
    @property
    def source(self) -> str:
        """The variant file it was read from."""
    @property
    def display_title(self) -> str:
        """The name as players read it, with its tone marks (``"Mĕirìqí"``): the file's
        ``display-title``, else the title."""
    @property
    def fortress_name(self) -> str:
        """What players call the region pictures wall off (``"palace"`` in Xiangqi, else
        ``"fortress"``)."""
    @property
    def diagram_support(self) -> list[str]:
        """The White pieces (symbols) the guide's diagrams set up beside the Kings (a Gnu in the
        Wildeurasian games, so that the piece shown may cross the River)."""
    @property
    def example_san(self) -> list[str]:
        """Example moves in SAN for the player's hints: the file's ``[examples]``, else the
        start's first moves."""
    @property
    def example_coordinates(self) -> list[str]:
        """Example moves in coordinates: the file's, else the start's first moves."""
    @property
    def xboard_variant(self) -> str | None:
        """The name XBoard knows the game by when it plays it by itself (``"normal"`` for
        chess), else ``None``."""
    @property
    def xboard_betza(self) -> dict[int, str]:
        """Each piece type's moves in XBoard's Betza notation, for the pieces that have one (the
        file's, else derived from the piece's moves where Betza expresses them exactly)."""
    @property
    def xboard_pictures(self) -> dict[int, str]:
        """The letter of XBoard's piece whose picture shows each piece type, for those the file
        chooses one for."""
    @property
    def has_king_swap(self) -> bool:
        """Whether a King not in check may swap places with a neighbouring friend."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def square(file: int, rank: int) -> int:
    """The square on ``file`` (0 = a) and ``rank`` (0 = rank 1)."""

def square_file(square: int) -> int:
    """The file index (0 = a) of a square."""

def square_rank(square: int) -> int:
    """The rank index (0 = rank 1) of a square."""

def square_name(square: int) -> str:
    """The name of a square, such as ``"c3"`` or ``"j10"``."""

def parse_square(name: str) -> int:
    """The square named ``name``; raises ``ValueError`` for a malformed name."""

def piece_symbol(piece_type: int, *, variant: Variant | str = "meiriqi") -> str:
    """The uppercase FEN symbol of a piece type of ``variant`` (``"I"``, ``"+P"``)."""

def piece_name(piece_type: int, *, variant: Variant | str = "meiriqi") -> str:
    """The English name of a piece type of ``variant``, such as ``"gryphon"``."""

@final
class Piece:
    """A piece of some variant: a type and a colour. Immutable and hashable; pieces compare by
    their symbol and colour."""

    def __new__(
        cls, piece_type: int, color: bool, *, variant: Variant | str = "meiriqi"
    ) -> Self: ...
    @property
    def piece_type(self) -> int: ...
    @property
    def color(self) -> bool: ...
    @property
    def variant(self) -> str:
        """The name of the variant whose piece types the number counts."""
    def symbol(self) -> str:
        """The FEN symbol: uppercase for White, lowercase for Black (``"N"``, ``"+p"``)."""
    @staticmethod
    def from_symbol(symbol: str, variant: Variant | str = "meiriqi") -> Piece: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move:
    """A move from one square to another with an optional promotion, or a drop (``drop`` set,
    ``from_square == to_square``), of some variant. Immutable and hashable; moves compare by
    what notation says of them, so that one read for another variant with the same letters
    may be played."""

    def __new__(
        cls,
        from_square: int,
        to_square: int,
        promotion: int | None = None,
        drop: int | None = None,
        *,
        variant: Variant | str = "meiriqi",
    ) -> Self: ...
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def promotion(self) -> int | None:
        """The type promoted to (``None`` for a ``+`` suffix read before it was played)."""
    @property
    def drop(self) -> int | None: ...
    @property
    def gating(self) -> int | None:
        """The type brought in from the hand through a gate, for a gating move (``b1c3h``:
        a piece letter after a move from a first rank, in a variant with gating)."""
    @property
    def is_pass(self) -> bool:
        """Whether the move is a pass: the King's square twice, in a variant where a side may
        pass."""
    @property
    def variant(self) -> str: ...
    def uci(self) -> str:
        """Coordinate notation: ``"c3c4"``, ``"c7d8o"``, ``"a7a8+"``, ``"N@e5"``, a pass
        ``"e2e2"``, ``"0000"``."""
    @staticmethod
    def from_uci(uci: str, variant: Variant | str = "meiriqi") -> Move:
        """Parses coordinate notation; raises ``InvalidMoveError`` when malformed."""
    @staticmethod
    def null(*, variant: Variant | str = "meiriqi") -> Move:
        """The null move ``0000`` (false in a boolean context)."""
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Termination:
    """Why a game ended (names as python-chess's ``chess.Termination``)."""

    CHECKMATE: Termination
    STALEMATE: Termination
    INSUFFICIENT_MATERIAL: Termination
    SEVENTYFIVE_MOVES: Termination
    FIVEFOLD_REPETITION: Termination
    FIFTY_MOVES: Termination
    THREEFOLD_REPETITION: Termination
    VARIANT_LOSS: Termination
    EXTINCTION: Termination
    MOVE_RULE: Termination
    REPETITION_RULE: Termination
    NO_PIECES_LEFT: Termination
    GOAL: Termination
    CHECK_LIMIT: Termination
    COUNTING: Termination
    DROP_MATE: Termination
    DOUBLE_PASS: Termination
    BIKJANG: Termination
    @property
    def name(self) -> str:
        """The name, such as ``"CHECKMATE"``."""
    @property
    def value(self) -> str:
        """The words game records use, such as ``"checkmate"`` or ``"seventy-five moves"``."""

@final
class Outcome:
    """How a finished game ended: the reason and the winner (``None`` for a draw)."""

    @property
    def termination(self) -> Termination: ...
    @property
    def winner(self) -> bool | None: ...
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""

@final
class LegalMoves(Sequence[Move]):
    """A snapshot of the legal moves of a position: a read-only sequence that makes a ``Move``
    object only for the moves looked at. Equal to any sequence of the same moves in the same
    order."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, move: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def count(self) -> int:  # type: ignore[override]
        """The number of moves (python-chess's ``legal_moves.count()``)."""

@final
class SearchResult:
    """What a search found: the move, its score and the expected line."""

    @property
    def move(self) -> Move | None:
        """The move to play, or ``None`` when there is no legal move."""
    @property
    def score(self) -> int:
        """Centipawns for the side to move; mates score beyond +-29000."""
    @property
    def mate(self) -> int | None:
        """Plies to mate when the score is a mate (negative: the side to move is mated)."""
    @property
    def pv(self) -> list[Move]:
        """The expected line, starting with the move."""
    @property
    def depth(self) -> int:
        """The deepest iteration completed."""
    @property
    def seldepth(self) -> int:
        """The longest line searched in that iteration, in plies (quiescence included)."""
    @property
    def nodes(self) -> int:
        """Nodes visited (by all threads)."""
    @property
    def hashfull(self) -> int:
        """How full the transposition table is, in thousandths."""
    @property
    def lines(self) -> list[SearchResult]:
        """The best lines (``multipv``), best first, each with its move, score, mate and line;
        empty before the first iteration completed."""

@final
class SearchMemory:
    """What a series of searches of one game learns and keeps, as an engine keeps its hash
    table from one move to the next (:meth:`Board.search`'s ``memory``). One search at a time
    may use it; a search's threads, if several, share its table."""

    def __init__(self) -> None:
        """An empty memory (16 MB of tables)."""
    def clear(self) -> None:
        """Forgets what earlier searches left (a new game)."""

@final
class SearchProgress:
    """Where a running search is (:meth:`Board.search`'s ``progress``): the root move its main
    thread is searching, in which iteration."""

    @property
    def move(self) -> Move:
        """The root move being searched."""
    @property
    def move_number(self) -> int:
        """Its number among the root moves of the iteration, from 1."""
    @property
    def moves(self) -> int:
        """How many root moves the iteration searches."""
    @property
    def depth(self) -> int:
        """The iteration being searched, in plies."""
    @property
    def seldepth(self) -> int:
        """The longest line searched so far in this iteration, in plies."""
    @property
    def nodes(self) -> int:
        """Nodes visited so far (by all threads)."""

@disjoint_base
class Board:
    """A position of some variant (Mĕirìqí unless told) with the moves that led to it."""

    def __new__(
        cls,
        fen: str | None = None,
        *_args: object,
        variant: Variant | str = "meiriqi",
        **_kwargs: object,
    ) -> Self:
        """The position of ``fen``, or the variant's starting position when ``fen`` is ``None``;
        ``variant`` is one of :meth:`variants` (``ValueError`` otherwise). Other arguments are
        left to a subclass's ``__init__``."""
    @classmethod
    def empty(cls, *, variant: Variant | str = "meiriqi") -> Self:
        """A board with no pieces, White to move: a setup to fill with :meth:`set_piece_at`."""
    @staticmethod
    def variants() -> dict[str, str]:
        """Every variant's name with a one-line description, the flagship first."""
    def set_piece_at(self, square: int, piece: Piece | None) -> None:
        """Puts ``piece`` on ``square`` (``None`` clears it); clears the move stack. The board
        may break a rule meanwhile (see :meth:`status`); playing on it raises
        ``InvalidPositionError`` until it is legal again."""
    def remove_piece_at(self, square: int) -> Piece | None:
        """Removes and returns the piece on ``square``."""
    def clear(self) -> None:
        """Empties the board and the hands; clears the move stack."""
    def status(self) -> int:
        """The rules the board breaks, as ``STATUS_*`` flags (0 when it is a legal position)."""
    def is_valid(self) -> bool:
        """Whether the board is a legal position."""
    def problems(self) -> list[str]:
        """The rules the board breaks, in words."""
    def hand(self, color: bool) -> dict[int, int]:
        """The pieces ``color`` holds in hand: piece type to count."""
    @property
    def has_hands(self) -> bool:
        """Whether captured pieces go to hand to be dropped (Shogi)."""
    @property
    def has_castling(self) -> bool: ...
    @property
    def has_river(self) -> bool:
        """Whether a River divides the board (Xiangqi), for pictures."""
    @property
    def pawn_types(self) -> list[int]:
        """The piece types that are Pawns (no letter in SAN)."""
    def is_castling(self, move: Move) -> bool: ...
    def is_kingside_castling(self, move: Move) -> bool: ...
    def is_queenside_castling(self, move: Move) -> bool: ...
    def has_castling_rights(self, color: bool) -> bool: ...
    def has_kingside_castling_rights(self, color: bool) -> bool: ...
    def has_queenside_castling_rights(self, color: bool) -> bool: ...
    def has_insufficient_material(self, color: bool) -> bool:
        """Whether ``color`` can never checkmate, as the variant's rules say."""
    @property
    def variant_name(self) -> str:
        """The variant's name: ``"meiriqi"``."""
    @property
    def variant_title(self) -> str:
        """The variant's name in game records: ``"Meiriqi"``, ``"Yang Qi"``, ..."""
    @property
    def piece_types(self) -> list[int]:
        """The piece types of the variant, in its piece table's order."""
    @property
    def ep_square(self) -> int | None:
        """The square a Pawn may capture en passant on (only when one could), if any."""
    def is_capture(self, move: Move) -> bool:
        """Whether the legal ``move`` captures (en passant included, a King's swap not)."""
    def is_en_passant(self, move: Move) -> bool:
        """Whether the legal ``move`` captures en passant."""
    def is_swap(self, move: Move) -> bool:
        """Whether the legal ``move`` is a King's swap with a friendly piece (Yáng Qí)."""
    @property
    def files(self) -> int:
        """Number of files (10 for Mĕirìqí)."""
    @property
    def ranks(self) -> int:
        """Number of ranks (10 for Mĕirìqí)."""
    def fortress(self, color: bool) -> list[int]:
        """The squares of ``color``'s fortress (empty when the variant has none)."""
    def palace_points(self, color: bool) -> list[int]:
        """The squares of ``color``'s fortress joined by its 'X' lines."""
    def camp(self, color: bool) -> list[int]:
        """The squares where a move of ``color`` may promote."""
    def gates(self, color: bool) -> list[int]:
        """The squares of ``color``'s gates: first-rank squares whose piece has not moved, from
        which a move may bring a piece of the hand in (Seirawan chess; empty without gating)."""
    def goal(self, color: bool) -> list[int]:
        """The squares of ``color``'s goal, where its piece of the goal's kind wins (King of the
        Hill's centre; empty when the variant has no goal)."""
    @property
    def check_limit(self) -> int:
        """How many checks win (Three-check's 3); 0 in a variant without a check limit."""
    def checks_remaining(self, color: bool) -> int | None:
        """How many checks ``color`` may still give before it wins; ``None`` without a check
        limit."""
    @property
    def counting(self) -> tuple[int, int] | None:
        """While the moves of an ending are counted (Makruk), the count's limit and the plies
        counted so far; ``None`` otherwise."""
    @property
    def turn(self) -> bool: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def legal_moves(self) -> LegalMoves:
        """All legal moves in the position, as a snapshot taken when the property is read (unlike
        python-chess's live view, it does not follow later ``push``/``pop``: read it again).
        ``move in board.legal_moves`` agrees with ``board.is_legal(move)``."""
    def legal_moves_uci(self) -> list[str]:
        """The legal moves in coordinate notation, in one call."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the position was set up, oldest first."""
    def push(self, move: Move) -> None:
        """Plays a legal move; raises ``IllegalMoveError`` (board unchanged) otherwise."""
    def pop(self) -> Move:
        """Takes back the last move; raises ``IndexError`` when there is none."""
    def peek(self) -> Move: ...
    def parse_uci(self, uci: str) -> Move:
        """The legal move written ``uci``; raises ``InvalidMoveError`` or ``IllegalMoveError``."""
    def push_uci(self, uci: str) -> Move: ...
    def san(self, move: Move) -> str:
        """The legal ``move`` in SAN, such as ``Nb4`` or ``cxd4=C+``; raises
        ``IllegalMoveError`` for any other move."""
    def parse_san(self, text: str) -> Move:
        """The legal move written ``text`` in SAN (leniently) or coordinate notation; raises
        ``InvalidMoveError``, ``IllegalMoveError`` or ``AmbiguousMoveError``."""
    def push_san(self, text: str) -> Move:
        """Parses ``text`` like :meth:`parse_san` and plays it; returns the move."""
    def san_and_push(self, move: Move) -> str:
        """The legal ``move`` in SAN, then plays it."""
    def variation_san(self, moves: Iterable[Move]) -> str:
        """The moves, played in turn from this position, as numbered SAN (``1. c4 Nb7 2. ...``);
        the board is left unchanged."""
    def is_legal(self, move: Move) -> bool: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool:
        """No legal move and not in check: a loss in Mĕirìqí, Xiangqi and Shogi, a draw in
        Yáng Qí and chess."""
    def is_variant_loss(self) -> bool:
        """No legal move while over a Wildeurasian limit (the enemy holds every Prince, or half
        the relevant pieces are across the River): a loss."""
    def is_insufficient_material(self) -> bool:
        """Neither side can ever checkmate, as the variant's rules say."""
    def is_seventyfive_moves(self) -> bool:
        """150 plies without a capture or pawn move have ended the game (Yáng Qí)."""
    def is_fivefold_repetition(self) -> bool:
        """The position has occurred five times, which ends the game (Yáng Qí)."""
    def can_claim_draw(self) -> bool:
        """Whether the side to move may claim a draw: fifty moves or threefold repetition (now
        or after one of its moves, as python-chess reads chess), or the variant's own move and
        repetition rules (now: the games named after Fairy-Stockfish's)."""
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Outcome | None:
        """How the game ended, if it has; with ``claim_draw``, a claimable draw counts too."""
    def is_attacked_by(self, color: bool, square: int) -> bool: ...
    def checkers(self) -> list[int]:
        """Squares of the enemy pieces that attack the King of the side to move."""
    def king(self, color: bool) -> int | None: ...
    def piece_at(self, square: int) -> Piece | None: ...
    def piece_map(self) -> dict[int, Piece]: ...
    def fen(self) -> str: ...
    def set_fen(self, fen: str) -> None:
        """Sets up ``fen``; raises ``InvalidFenError`` when it is malformed and
        ``InvalidPositionError`` when it breaks a rule (the board unchanged either way)."""
    def root(self) -> Self:
        """A copy of the position the move stack starts from (python-chess's ``root()``)."""
    def copy(self, *, stack: bool = True) -> Self:
        """A copy of the board (same class), with its move stack unless ``stack`` is false."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: object) -> Self: ...
    def perft(
        self, depth: int, *, threads: int | None = None, stop: _Stoppable | None = None
    ) -> int:
        """Counts the leaf nodes of the legal move tree ``depth`` plies deep, on ``threads``
        threads (default: all cores), without holding the interpreter lock. With ``stop`` (a
        ``threading.Event``, asked every 20 ms), the count ends soon after ``stop.is_set()``
        turns true, and is then incomplete."""
    def perft_divide(
        self, depth: int, *, threads: int | None = None, stop: _Stoppable | None = None
    ) -> dict[str, int]:
        """Perft below each legal root move, keyed by its coordinate notation; ``stop`` as for
        :meth:`perft`."""
    def search(
        self,
        depth: int | None = None,
        time: float | None = None,
        nodes: int | None = None,
        *,
        stop: _Stoppable | None = None,
        info: Callable[[SearchResult], object] | None = None,
        remaining: float | None = None,
        increment: float | None = None,
        moves_to_go: int | None = None,
        threads: int | None = None,
        multipv: int | None = None,
        searchmoves: Sequence[Move] | None = None,
        progress: Callable[[SearchProgress], object] | None = None,
        infinite: bool = False,
        memory: SearchMemory | None = None,
        perpetual_check_loses: bool = False,
    ) -> SearchResult:
        """Searches for the best move within ``depth`` plies, ``time`` seconds and ``nodes``
        nodes, whichever ends first (1 second when none of them nor a clock is given), without
        holding the interpreter lock. A node limit lets the first iteration end whatever it
        costs. Stalemating the opponent is a win, like checkmate (where the variant says so).

        ``remaining`` seconds on the clock (with ``increment`` seconds a move and
        ``moves_to_go`` moves to the next time control) let the search budget its own time.
        ``threads`` search together (default 1: with one thread a depth or node limit always
        gives the same result; with more they race and results vary). ``multipv`` best moves
        are found with their scores and lines (:attr:`SearchResult.lines`); ``searchmoves``,
        when given, are the only moves considered (``IllegalMoveError`` for one that is not
        legal). ``infinite`` analyses: no time limit (not even the default second), and a
        forced mate found does not end the search, which deepens on (to ``depth``, or until
        stopped). ``memory`` (a :class:`SearchMemory`) carries what the searches of a game
        learn from one move to the next, as an engine's hash table does: stronger at the same
        limits, and the same searches in the same order still give the same results
        (``RuntimeError`` when another search is using it). The search scores a repetition as
        a draw; with ``perpetual_check_loses`` one in which a side gave check with every move
        since the position last stood on the board, and the other did not, is a loss for the
        side giving check, as in the Asian rules of Xiangqi (the board's own rules do not
        change: :meth:`outcome` rules on no repetition there).

        The search also ends within about 20 ms of ``stop.is_set()`` turning true (a
        ``threading.Event`` set by another thread); it then returns the last completed
        iteration's move. ``info`` is called, in the calling thread, with the result of every
        completed iteration: what an engine protocol prints as thinking output; ``progress``,
        as often as ``stop`` is asked, with where the search is now (a
        :class:`SearchProgress`) when that has changed: what a status report shows. An
        exception from any of them stops the search and is raised. While the search runs the
        board may be read (from another thread or from ``info``) but not changed: ``push``,
        ``pop``, ``set_fen`` and the other changes raise ``RuntimeError``."""
    def random_games(
        self, count: int, *, max_plies: int = 200, seed: int = 0
    ) -> list[tuple[list[Move], Outcome | None]]:
        """Plays ``count`` games of uniformly random legal moves from this position, in Rust and
        without the interpreter lock; each ends with the game or after ``max_plies`` moves.
        Returns ``(moves, outcome)`` pairs (``None`` for a game cut off); the same ``seed`` gives
        the same games."""
    def zobrist_hash(self) -> int: ...
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position has occurred ``count`` times (same pieces, same side to move)."""
    def repetition_count(self) -> int:
        """How many times the position has occurred, counting this one."""
    def ply(self) -> int:
        """Number of moves played since the position was set up."""
    def __eq__(self, other: object, /) -> bool:
        """Same variant, pieces, hands, side to move, rights and counters (the move stacks may
        differ)."""

# -- game records (the Rust parts of meiriqi.pgn) ---------------------------------------------

@final
class SkipType:
    """The type of ``SKIP``, the answer of a visitor that does not want what follows."""

    SKIP: SkipType

@disjoint_base
class TreeBuilder:
    """The base of ``meiriqi.pgn.GameBuilder``: the hooks that grow a game tree of Python nodes
    (``visit_move``, ``visit_comment``, ``visit_nag``, ``begin_variation``, ``end_variation``)."""

    def __new__(cls, *_args: object, **_kwargs: object) -> Self: ...
    def _begin_tree(self, root: object, child_class: type) -> None:
        """Starts building below ``root``, making nodes of ``child_class``."""
    def _add_moves(self, moves: list[Move]) -> None:
        """Adds ``moves`` one after the other to the current line."""
    def visit_move(self, board: object, move: Move) -> None: ...
    def visit_comment(self, comment: str) -> None: ...
    def visit_nag(self, nag: int) -> None: ...
    def begin_variation(self) -> None: ...
    def end_variation(self) -> None: ...

@disjoint_base
class RecordExporter:
    """The base of ``meiriqi.pgn.StringExporter`` and ``FileExporter``: the hooks that write a
    record, to a list of lines or to a text handle."""

    def __new__(cls, *_args: object, **_kwargs: object) -> Self: ...
    def _configure(
        self,
        columns: int | None,
        headers: bool,
        comments: bool,
        variations: bool,
        handle: object | None = None,
    ) -> None:
        """Sets what is written and where (kept as lines, or written to ``handle``)."""
    def _text(self) -> list[str]:
        """The lines of the last game written (empty when writing to a handle)."""
    def _written(self) -> int:
        """The number of characters written to the handle for the last game."""
    def begin_game(self) -> None: ...
    def visit_header(self, name: str, value: str) -> None: ...
    def end_headers(self) -> None: ...
    def visit_comment(self, comment: str) -> None: ...
    def visit_nag(self, nag: int) -> None: ...
    def visit_move(self, board: Board, move: Move) -> None: ...
    def begin_variation(self) -> SkipType | None: ...
    def end_variation(self) -> None: ...
    def visit_result(self, result: str) -> None: ...
    def end_game(self) -> None: ...

@final
class LineSource:
    """Where reading a text handle stands: its line numbers, and a line read past a game."""

    def __new__(cls) -> Self: ...
    @property
    def number(self) -> int:
        """How many lines have been read."""

@final
class RecordKit:
    """What reading and walking records need from ``meiriqi.pgn``, with the two entry points."""

    def __new__(
        cls,
        base: type,
        board_class: type[Board],
        error_class: type[ValueError],
        variant_lookup: Callable[[str], Variant],
    ) -> Self: ...
    def read(
        self,
        source: LineSource,
        handle: object,
        visitor: object,
        variant: Variant,
        tag_variant: bool,
    ) -> bool:
        """Reads the next game of ``handle`` through ``visitor``; ``False`` at the end."""
    def walk(self, game: object, board: Board | None, visitor: object) -> None:
        """Walks a game tree through ``visitor`` in record order, playing on ``board``."""
