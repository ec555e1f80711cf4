"""``meiriqi xboard``: the engine speaks XBoard/WinBoard's protocol (CECP version 2).

Every variant is offered, loaded ones too (``feature variants=``; chess under XBoard's name
``normal``). For the variants XBoard does not know, ``variant NAME`` is answered with ``setup``
and ``piece`` commands (:mod:`meiriqi.xboard_setup`). The engine marks the legal targets of a
lifted piece (``lift`` -> ``highlight``), offers the promotions of a move (``put`` ->
``choice``, ``=`` for not promoting), refuses illegal moves (``Illegal move: ...``) and claims
the end of a game (``1-0 {Checkmate}``). It analyses (``analyze`` until ``exit``, a status line
for ``.``) with the best lines its ``MultiPV`` option asks for, among the moves ``exclude`` and
``include`` leave, on the threads ``cores`` gives it. Its ``Perpetual check loses`` option has
the searches count a perpetual check as the checking side's loss (the Asian rules of Xiangqi).

Squares are written as XBoard writes them: on a board of exactly ten ranks these count from 0
(``a0``-``j9``), on every other board from 1 (``a1``-``l12``).
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from meiriqi import (
    BLACK,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    SearchProgress,
    SearchResult,
    catalog,
    parse_square,
    piece_symbol,
    square,
    square_name,
)
from meiriqi.protocol import (
    ENGINE_NAME,
    INFINITE_SECONDS,
    MOST_PLIES,
    Limits,
    Output,
    Searcher,
    SearchOptions,
    check_value,
    decimal,
    describe,
    mate_moves,
    move_time,
    serve,
    standard_input,
    whole_number,
)
from meiriqi.xboard_setup import (
    XBOARD_CHESS,
    piece_commands,
    setup_command,
    variant_from_xboard,
    xboard_variant,
)

__all__ = ["XBoardEngine", "fen_from_gui", "from_gui", "main", "result_line", "to_gui"]

_SQUARE = re.compile(r"([a-l])([0-9]{1,2})")
_ZERO_BASED_RANKS = 10
"""XBoard counts the ranks of a board with exactly this many from 0."""

DEFAULT_MOVE_SECONDS = 1.0
"""The time per move before the GUI sets a time control."""

MOST_CENTISECONDS = int(INFINITE_SECONDS * 100)
"""The most a clock may show: more is cut to it."""

_Value = TypeVar("_Value")
_Words = ParamSpec("_Words")

_IGNORED = (
    "xboard",
    "accepted",
    "rejected",
    "random",
    "hard",
    "easy",
    "computer",
    "name",
    "rating",
    "ics",
    "memory",
    "hover",
    "draw",
    "hint",
    "bk",
)
"""Commands the engine takes note of and does nothing about: it does not ponder, accepts no draw
offer and has no book."""

MOST_LINES = 500
"""The most best lines the ``MultiPV`` option may ask for."""
PERPETUAL_CHECK_LOSES = "Perpetual check loses"
"""The name of the check option that has the searches count a perpetual check as a loss."""
MOST_THREADS = 1024
"""The most threads ``cores`` may give the search (more are cut to it)."""

_COMMENTS = {
    "CHECKMATE": "Checkmate",
    "STALEMATE": "Stalemate",
    "VARIANT_LOSS": "No legal move within the limits of the variant",
    "INSUFFICIENT_MATERIAL": "Insufficient mating material",
    "SEVENTYFIVE_MOVES": "Seventy-five-move rule",
    "FIVEFOLD_REPETITION": "Fivefold repetition",
    "FIFTY_MOVES": "Fifty-move rule",
    "THREEFOLD_REPETITION": "Draw by repetition",
    "EXTINCTION": "Bare king",
    "MOVE_RULE": "Move rule",
    "REPETITION_RULE": "Draw by repetition",
    "NO_PIECES_LEFT": "No pieces left",
    "GOAL": "Goal reached",
    "CHECK_LIMIT": "Check limit reached",
    "COUNTING": "Counting rule",
    "DROP_MATE": "Mate by a forbidden drop",
    "DOUBLE_PASS": "Two passes: material count",
    "BIKJANG": "Bikjang: material count",
}
"""The comment of the result line, by the name of the game's ``Termination``."""

_MATE_SCORE = 100_000
"""XBoard's score for a mate: 100000 + N for mate in N moves, negated when mated."""

_HIGHLIGHT_COLORS = {"promotion": "M", "capture": "R", "move": "Y"}
"""The ``highlight`` colour of a target square: magenta where a promotion may be chosen (it wins
over the others), red for a capture, yellow for a move."""


def _shift_ranks(text: str, ranks: int, step: int) -> str:
    """``text`` with the rank of every square moved by ``step`` on a ten-rank board."""
    if ranks != _ZERO_BASED_RANKS:
        return text
    return _SQUARE.sub(lambda match: f"{match[1]}{int(match[2]) + step}", text)


def to_gui(text: str, board: Board) -> str:
    """A move or square of ours in XBoard's words (``a10`` -> ``a9`` on a ten-rank board)."""
    return _shift_ranks(text, board.ranks, -1)


PASS = "@@@@"
"""How XBoard writes a pass (a King's move to its own square, in Janggi)."""


def move_to_gui(move: Move, board: Board) -> str:
    """``move`` in XBoard's words: ``@@@@`` for a pass, else as :func:`to_gui` writes it, but a
    demotion (``a1a2-``, which XBoard does not know) as a promotion to the kind it becomes
    (``a1a2l``), which XBoard follows on its own board (the engine reads both)."""
    if move.is_pass:
        return PASS
    text = move.uci()
    if text.endswith("-") and move.promotion is not None:
        letter = piece_symbol(move.promotion, variant=board.variant_name)[-1].lower()
        text = text[:-1] + letter
    return to_gui(text, board)


def from_gui(text: str, board: Board) -> str:
    """A move or square in XBoard's words in ours (``a9`` -> ``a10`` on a ten-rank board; a pass
    ``@@@@`` -> the King's square twice, ``e2e2``)."""
    king = board.king(board.turn)
    if text == PASS and king is not None:
        name = square_name(king)
        return name + name
    return _shift_ranks(text, board.ranks, +1)


_HOLDINGS = re.compile(r"\[[^\]]*\]$")
"""What XBoard writes after the board of a game it keeps pieces aside in (``[-]``, ``[PNbq]``)."""


def fen_from_gui(fen: str, board: Board) -> str:
    """A FEN of XBoard's (for ``board``'s variant) in ours: on a board of ten ranks XBoard counts
    the en-passant square's rank from 0, as in its moves. In a game without hands, the pieces
    XBoard keeps aside after the board (its Grand Chess lists the captured pieces a Pawn may
    promote to) are left out, and a FEN of five fields of a game without castling (Grand Chess's)
    gets its castling field back. (Its FEN of Shatranj, without castling and en-passant fields,
    the core reads as it is.)"""
    fields = fen.split()
    if fields and not board.has_hands:
        fields[0] = _HOLDINGS.sub("", fields[0])
    if len(fields) == 5 and not board.has_castling:
        fields.insert(2, "-")
    if len(fields) == 6:
        fields[3] = from_gui(fields[3], board)
    return " ".join(fields)


def result_line(board: Board) -> str | None:
    """The claim of the game's end by rule (``1-0 {Checkmate}``), or ``None`` while it goes on."""
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return None
    return f"{outcome.result()} {{{_COMMENTS[outcome.termination.name]}}}"


def _score(result: SearchResult) -> int:
    """The score of ``result`` (a result or one of its lines) as XBoard shows it."""
    if result.mate is None:
        return result.score
    moves = mate_moves(result.mate)
    return _MATE_SCORE + moves if moves > 0 else -_MATE_SCORE + moves


def _level_seconds(base: str) -> float:
    """The base time of a ``level`` command, ``5`` (minutes) or ``0:30`` (minutes:seconds)."""
    minutes, _, seconds = base.partition(":")
    total = 60 * decimal(minutes, "level's minutes") + decimal(seconds or "0", "level's seconds")
    return min(total, INFINITE_SECONDS)


class XBoardEngine:
    """The engine's side of one XBoard session: the game, the clock and the search."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.board = Board(variant=variant_from_xboard(XBOARD_CHESS))
        self.valid_position = True
        self.engine_color: bool | None = BLACK
        self.analyzing = False
        self.posting = False
        self.depth_limit: int | None = None
        self.move_seconds: float | None = None
        self.moves_per_session = 0
        self.increment = 0.0
        self.clock_seconds: float | None = None
        self.lifted: int | None = None
        self.search_started = 0.0
        self.lines = 1
        self.threads = 1
        self.perpetual_check_loses = False
        self.excluded: set[Move] = set()
        self.status: SearchProgress | None = None
        self.searcher = Searcher(self.report)
        self.handlers: dict[str, Callable[[str], None]] = {
            "protover": self.protover,
            "new": self.new,
            "variant": self.variant,
            "setboard": self.setboard,
            "usermove": self.usermove,
            "go": self.go,
            "playother": self.playother,
            "force": self.force,
            "?": self.move_now,
            "undo": lambda _: self.take_back(1),
            "remove": lambda _: self.take_back(2),
            "level": self.level,
            "st": self.st,
            "sd": self.sd,
            "time": self.time,
            "otim": self.otim,
            "ping": self.ping,
            "result": self.result,
            "post": lambda _: setattr(self, "posting", True),
            "nopost": lambda _: setattr(self, "posting", False),
            "analyze": self.analyze,
            "exit": self.exit_analysis,
            ".": self.status_update,
            "exclude": lambda text: self.exclude(text, True),
            "include": lambda text: self.exclude(text, False),
            "option": self.option,
            "cores": self.cores,
            "lift": self.lift,
            "put": self.put,
            "quit": self.quit,
            **{word: lambda _: None for word in _IGNORED},
        }

    # -- the session -----------------------------------------------------------------------------

    def protover(self, _: str) -> None:
        """Announces the features: coordinate moves, ``setboard``, ``ping``, the variants."""
        variants = ",".join(xboard_variant(name) for name in catalog.variants())
        self.out(
            "feature setboard=1 usermove=1 san=0 sigint=0 sigterm=0 ping=1 playother=1 "
            f'colors=0 time=1 analyze=1 exclude=1 smp=1 highlight=1 myname="{ENGINE_NAME}" '
            f'variants="{variants}"'
        )
        self.out(f'feature option="MultiPV -spin {self.lines} 1 {MOST_LINES}"')
        self.out(f'feature option="{PERPETUAL_CHECK_LOSES} -check 0"')
        self.out("feature done=1")

    def new(self, _: str) -> None:
        """A new game of chess (a ``variant`` command follows for another game); the engine
        plays Black, without a depth limit. Analysis goes on, from the new start; what the
        searches learnt is forgotten."""
        self.searcher.stop(discard=True)
        self.searcher.forget()
        self.set_board(Board(variant=variant_from_xboard(XBOARD_CHESS)))
        self.engine_color = BLACK
        self.depth_limit = None
        self.resume_analysis()

    def variant(self, name: str) -> None:
        """Switches to the variant XBoard calls ``name``; tells XBoard its board and pieces."""
        self.searcher.stop(discard=True)
        board = Board(variant=variant_from_xboard(name))
        self.set_board(board)
        setup = setup_command(board)
        if setup is not None:
            self.out(setup)
        for line in piece_commands(board):
            self.out(line)
        self.resume_analysis()

    def setboard(self, fen: str) -> None:
        """Sets up ``fen`` in the current variant; refuses an illegal position."""
        self.searcher.stop(discard=True)
        try:
            board = Board(fen_from_gui(fen, self.board), variant=self.board.variant_name)
        except ValueError as error:
            self.valid_position = False
            self.out(f"tellusererror Illegal position: {error}")
            return
        self.set_board(board)
        self.resume_analysis()

    def set_board(self, board: Board) -> None:
        """Makes ``board`` the game (a legal position)."""
        self.board = board
        self.valid_position = True
        self.lifted = None
        self.excluded.clear()

    def quit(self, _: str) -> None:
        """Ends the engine."""
        self.searcher.stop(discard=True)
        raise SystemExit

    def ping(self, number: str) -> None:
        """``pong`` once every earlier command is done: after the move being thought over, if
        any (the engine meanwhile reads on, so that a ``?`` still moves now); at once in
        analysis."""

        def pong() -> None:
            self.out(f"pong {number}")

        if self.analyzing:
            pong()
        else:
            self.searcher.after(pong)

    def result(self, _: str) -> None:
        """The game is over: stop and play no more."""
        self.searcher.stop(discard=True)
        self.engine_color = None

    # -- moves -----------------------------------------------------------------------------------

    def usermove(self, text: str) -> None:
        """Plays the opponent's move; replies if it is then the engine's turn."""
        self.searcher.stop(discard=True)
        move = self.parse_move(text)
        self.board.push(move)
        self.lifted = None
        self.excluded.clear()
        if self.analyzing:
            self.resume_analysis()
        elif self.engine_color is not None:
            if self.board.turn == self.engine_color:
                self.think()
            else:
                self.claim_end()

    def parse_move(self, text: str) -> Move:
        """The legal move XBoard wrote ``text``; raises ``ValueError`` with the reply."""
        if not self.valid_position:
            raise RefusedMoveError(text, "no legal position is set up")
        if self.board.is_game_over(claim_draw=True):
            raise RefusedMoveError(text, "the game is over")
        uci = from_gui(text.strip(), self.board)
        try:
            return self.board.parse_uci(_without_declined_promotion(uci, self.board))
        except InvalidMoveError:
            raise RefusedMoveError(text, "not a coordinate move") from None
        except IllegalMoveError:
            raise RefusedMoveError(text) from None

    def take_back(self, count: int) -> None:
        """Takes back ``count`` moves (``undo``: one, ``remove``: two)."""
        self.searcher.stop(discard=True)
        if len(self.board.move_stack) < count:
            raise ProtocolError("command not legal now", "no move to take back")
        for _ in range(count):
            self.board.pop()
        self.lifted = None
        self.excluded.clear()
        self.resume_analysis()

    def lift(self, text: str) -> None:
        """Marks where the piece on the square XBoard names may go (``highlight``); says nothing
        for a piece lifted from a hand, so that XBoard lets it be dropped anywhere (the engine
        refuses an illegal drop)."""
        self.lifted = self.gui_square(text)
        if self.lifted is None:
            return
        colors: dict[int, str] = {}
        for move in self.moves_from(self.lifted):
            kinds = {
                "promotion": move.promotion is not None,
                "capture": self.board.is_capture(move),
                "move": True,
            }
            color = next(_HIGHLIGHT_COLORS[kind] for kind, applies in kinds.items() if applies)
            if colors.get(move.to_square) != _HIGHLIGHT_COLORS["promotion"]:
                colors[move.to_square] = color
        self.out(f"highlight {self.color_fen(colors)}")

    def put(self, text: str) -> None:
        """Offers the promotion choices when the lifted piece lands where it may promote."""
        target = self.gui_square(text)
        moves = [move for move in self.moves_from(self.lifted) if move.to_square == target]
        choices = [self.promotion_letter(move) for move in moves]
        if any(choices):
            promotions = [choice for choice in choices if choice]
            declined = ["="] if "" in choices else []
            self.out(f"choice {''.join(promotions + declined)}")

    def promotion_letter(self, move: Move) -> str:
        """The ``choice`` letter of ``move``: the uppercase letter of the piece it promotes to,
        ``+`` for a promoted piece (``+L``), empty when it does not promote."""
        if move.promotion is None:
            return ""
        return piece_symbol(move.promotion, variant=self.board.variant_name)[0]

    def gui_square(self, text: str) -> int | None:
        """The square XBoard names ``text`` (``None`` for a square of a hand)."""
        name = from_gui(text.strip().rstrip(","), self.board)
        try:
            return parse_square(name)
        except ValueError:
            return None

    def moves_from(self, origin: int | None) -> list[Move]:
        """The legal moves of the piece on ``origin`` (none for ``None`` or a position that is
        not legal)."""
        if origin is None or not self.valid_position:
            return []
        return [
            move
            for move in self.board.legal_moves
            if move.drop is None and move.from_square == origin
        ]

    def color_fen(self, colors: dict[int, str]) -> str:
        """The board part of a FEN with a colour letter on each square of ``colors``."""
        rows = []
        for rank in reversed(range(self.board.ranks)):
            row, empty = "", 0
            for file in range(self.board.files):
                color = colors.get(square(file, rank))
                if color is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + color
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    # -- thinking --------------------------------------------------------------------------------

    def go(self, _: str) -> None:
        """The engine plays the side to move, and moves now."""
        self.searcher.stop(discard=True)
        self.engine_color = self.board.turn
        self.think()

    def playother(self, _: str) -> None:
        """The engine plays the side not to move, and waits for the opponent's move."""
        self.searcher.stop(discard=True)
        self.engine_color = not self.board.turn

    def force(self, _: str) -> None:
        """The engine plays neither side: moves are only recorded."""
        self.searcher.stop(discard=True)
        self.engine_color = None

    def move_now(self, _: str) -> None:
        """Ends the search and plays the best move found so far."""
        if not self.analyzing:
            self.searcher.stop()

    def level(self, text: str) -> None:
        """``level MPS BASE INC``: MPS moves in BASE minutes (0: the whole game), INC seconds
        added per move."""
        fields = text.split()
        if len(fields) != 3:
            raise ProtocolError("bad arguments", "level needs MPS BASE INC")
        moves = _argument(whole_number, fields[0], "level's moves", 0, MOST_PLIES)
        base = _argument(_level_seconds, fields[1])
        increment = _argument(decimal, fields[2], "level's increment")
        self.moves_per_session, self.clock_seconds, self.increment = moves, base, increment
        self.move_seconds = None

    def st(self, text: str) -> None:
        """``st TIME``: exactly TIME seconds per move."""
        seconds = _argument(decimal, text, "st")
        if seconds == 0:
            raise ProtocolError("bad arguments", "the time per move must be above 0")
        self.move_seconds = seconds

    def sd(self, text: str) -> None:
        """``sd DEPTH``: think at most DEPTH plies (a depth beyond the engine's reach: as deep as
        it goes)."""
        self.depth_limit = _argument(whole_number, text, "sd", 1, MOST_PLIES)

    def time(self, text: str) -> None:
        """``time N``: the engine's clock shows N centiseconds (below 0: none left)."""
        centiseconds = _argument(whole_number, text, "time", most=MOST_CENTISECONDS)
        self.clock_seconds = max(centiseconds, 0) / 100

    def otim(self, text: str) -> None:
        """``otim N``: the opponent's clock shows N centiseconds (checked, not used)."""
        _argument(whole_number, text, "otim")

    def option(self, text: str) -> None:
        """``option MultiPV=N``: the best lines every search finds and shows from now on;
        ``option Perpetual check loses=1`` (or ``0``): whether the searches count a perpetual
        check as a loss. An analysis starts again with them."""
        name, equals, value = text.partition("=")
        key = name.strip().lower()
        if key == "multipv" and equals:
            self.lines = _argument(whole_number, value.strip(), "MultiPV", 1, MOST_LINES)
        elif key == PERPETUAL_CHECK_LOSES.lower() and equals:
            self.perpetual_check_loses = _argument(check_value, value, PERPETUAL_CHECK_LOSES)
        else:
            raise ProtocolError(
                "unknown option", f"the options are MultiPV and {PERPETUAL_CHECK_LOSES}"
            )
        self.resume_analysis()

    def cores(self, text: str) -> None:
        """``cores N``: the searches use N threads from now on (an analysis starts again)."""
        self.threads = _argument(whole_number, text, "cores", 1, MOST_THREADS)
        self.resume_analysis()

    def exclude(self, text: str, excluded: bool) -> None:
        """``exclude MOVE`` / ``include MOVE`` (``all``: every legal move): which moves of the
        position an analysis considers (every move again once the position changes); an
        analysis starts again with them, and stops while none is left."""
        if text.strip() == "all":
            moves = set(self.board.legal_moves) if self.valid_position else set()
        else:
            moves = {_argument(self.parse_move, text)}
        if excluded:
            self.excluded |= moves
        else:
            self.excluded -= moves
        self.resume_analysis()

    def limits(self) -> Limits:
        """How long to think on this move, from ``st``, or the clock, and ``sd``."""
        seconds = self.move_seconds
        if seconds is None and self.clock_seconds is not None:
            to_go = None
            if self.moves_per_session > 0:
                played = (self.board.fullmove_number - 1) % self.moves_per_session
                to_go = self.moves_per_session - played
            seconds = move_time(self.clock_seconds, self.increment, to_go)
        if seconds is None:
            seconds = DEFAULT_MOVE_SECONDS
        return Limits(depth=self.depth_limit, time=seconds)

    def think(self) -> None:
        """Searches for the engine's move in a worker thread; it is played when found."""
        if self.claim_end() or not self.valid_position:
            return
        self.start_search(self.limits(), self.play, ())

    def start_search(
        self,
        limits: Limits,
        on_move: Callable[[Move | None, Sequence[Move]], None],
        moves: tuple[Move, ...],
    ) -> None:
        """Starts a search of the game's position with ``limits`` among ``moves`` (all legal
        moves when empty), with the options set (``MultiPV``, ``cores``)."""
        self.searcher.stop(discard=True)  # its last status may not arrive after the reset
        self.search_started = time.monotonic()
        self.status = None
        options = SearchOptions(
            lines=self.lines,
            moves=moves,
            threads=self.threads,
            perpetual_check_loses=self.perpetual_check_loses,
        )
        self.searcher.search(
            self.board,
            limits,
            on_move,
            self.post,
            options=options,
            on_progress=self.remember_status,
        )

    def remember_status(self, status: SearchProgress) -> None:
        """Keeps where the running search is, for the status line of ``.``."""
        self.status = status

    def play(self, move: Move | None, line: Sequence[Move]) -> None:
        """Plays the move the search decided on (in the worker thread) and claims a game's end;
        resigns when there is no move although the game goes on (the search failed)."""
        if move is None:
            if not self.claim_end():
                self.out("resign")
            return
        text = move_to_gui(move, self.board)
        self.board.push(move)
        self.excluded.clear()
        self.out(f"move {text}")
        self.claim_end()

    def claim_end(self) -> bool:
        """Sends the result line when the game has ended by rule; whether it has."""
        line = result_line(self.board)
        if line is not None:
            self.out(line)
        return line is not None

    def post(self, result: SearchResult) -> None:
        """Thinking output, when asked for, a line for each best line (``MultiPV``), best
        first: ``DEPTH SCORE CENTISECONDS NODES SELDEPTH NPS TBHITS<tab>PV`` (no tablebases:
        TBHITS is 0)."""
        if not self.posting:
            return
        seconds = max(time.monotonic() - self.search_started, 1e-6)
        counts = (
            f"{int(seconds * 100)} {result.nodes} {result.seldepth} {int(result.nodes / seconds)} 0"
        )
        for line in result.lines or [result]:
            moves = " ".join(move_to_gui(move, self.board) for move in line.pv)
            self.out(f"{result.depth} {_score(line)} {counts}\t{moves}")

    def status_update(self, _: str) -> None:
        """``.`` in analysis: ``stat01: CENTISECONDS NODES DEPTH MOVES-LEFT MOVES MOVE``, where
        the search is (all 0 while no search runs)."""
        if not self.analyzing:
            return
        status = self.status
        if status is None or not self.searcher.busy:
            self.out("stat01: 0 0 0 0 0")
            return
        centiseconds = int((time.monotonic() - self.search_started) * 100)
        left = status.moves - status.move_number
        move = move_to_gui(status.move, self.board)
        self.out(
            f"stat01: {centiseconds} {status.nodes} {status.depth} {left} {status.moves} {move}"
        )

    def analyze(self, _: str) -> None:
        """Analyses the position until ``exit``, following the moves and take-backs."""
        self.searcher.stop(discard=True)
        self.analyzing = True
        self.engine_color = None
        self.resume_analysis()

    def exit_analysis(self, _: str) -> None:
        """Leaves analysis."""
        self.searcher.stop(discard=True)
        self.analyzing = False

    def resume_analysis(self) -> None:
        """Starts analysing the current position again (in analysis mode only), among the
        moves not excluded; stops while all are."""
        if not (self.analyzing and self.valid_position and not self.board.is_game_over()):
            return
        self.searcher.stop(discard=True)
        moves = tuple(move for move in self.board.legal_moves if move not in self.excluded)
        if moves:
            self.start_search(Limits(infinite=True), _ignore, moves if self.excluded else ())

    # -- replies ---------------------------------------------------------------------------------

    def unknown(self, word: str, arguments: str) -> None:
        """A command the protocol does not have."""
        raise ProtocolError("unknown command", f"{word} {arguments}".strip())

    def error(self, line: str, error: Exception) -> None:
        """Replies to a command that could not be carried out."""
        if isinstance(error, RefusedMoveError):
            self.out(str(error))
        elif isinstance(error, ProtocolError):
            self.out(f"Error ({error.kind}): {line}")
        else:
            self.out(f"Error ({describe(error)}): {line}")

    def report(self, message: str) -> None:
        """Tells the user of a failure in the worker thread."""
        self.out(f"telluser {ENGINE_NAME}: {message}")


class RefusedMoveError(ValueError):
    """A move the engine refuses; its text is the ``Illegal move`` reply."""

    def __init__(self, move: str, reason: str | None = None) -> None:
        super().__init__(f"Illegal move{f' ({reason})' if reason else ''}: {move}")


class ProtocolError(ValueError):
    """A command the engine cannot carry out: ``Error (KIND): COMMAND``."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


def _argument(
    read: Callable[_Words, _Value], *args: _Words.args, **kwargs: _Words.kwargs
) -> _Value:
    """``read(*args, **kwargs)``, reading a command's arguments; its ``ValueError`` becomes the
    protocol's ``Error (bad arguments)``."""
    try:
        return read(*args, **kwargs)
    except ValueError as error:
        raise ProtocolError("bad arguments", str(error)) from None


def _ignore(move: Move | None, line: Sequence[Move]) -> None:
    """Takes no notice of an analysis' move."""


def _without_declined_promotion(uci: str, board: Board) -> str:
    """``uci`` without a suffix that declines a promotion: XBoard's ``=``, or the moving piece's
    own letter (a choice XBoard may offer for an optional promotion)."""
    if uci.endswith("="):
        return uci[:-1]
    match = re.fullmatch(r"([a-l][0-9]+)([a-l][0-9]+)([a-z])", uci)
    if match is not None:
        piece = board.piece_at(parse_square(match[1]))
        if piece is not None and piece.symbol().lower() == match[3]:
            return uci[:-1]
    return uci


def main() -> int:
    """Runs the engine on standard input and output until ``quit`` or the end of input."""
    engine = XBoardEngine(Output(sys.stdout))
    serve(standard_input(), engine.handlers, engine.unknown, engine.error)
    engine.searcher.stop(discard=True)
    return 0
