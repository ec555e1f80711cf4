"""The interactive player: ``meiriqi`` or ``meiriqi play``.

A :class:`Session` holds the game (a board with its move stack, plus the moves taken back, which
``redo`` plays again) and reads one line at a time: a command, or one or more moves in SAN or
coordinate notation. Bad input never ends it; the message says what was wrong and what would be
accepted. :func:`run` wires a session to the terminal, with tab completion and history when the
``readline`` module is available and standard input is a terminal.

A session plays the variant of its board (Mĕirìqí unless told): ``new`` and ``fen FEN`` stay in it,
``load FILE`` takes the variant of the record, and ``variant NAME`` starts a new game of another.
The end of a game is announced with its reason; in Yáng Qí a stalemate, a lone pair of Kings, 75
moves without a capture or pawn move and a fivefold repetition are draws. When the side to move
may claim a draw (fifty moves, threefold repetition) the session says so after the board, and
``claim`` ends the game as a draw; ``save`` then records ``1/2-1/2`` and the reason.
"""

from __future__ import annotations

import datetime
import glob
import re
import sys
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TextIO

from meiriqi import (
    BLACK,
    WHITE,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    SearchMemory,
    Variant,
    catalog,
    engine,
    guide,
    parse_square,
    pgn,
    piece_name,
    piece_symbol,
    record_input,
    square,
    square_file,
    square_name,
    square_rank,
)
from meiriqi.display import PLAIN, Style, diagram
from meiriqi.names import counted, game_name, plural_of
from meiriqi.quoting import quoted
from meiriqi.san import AmbiguousMoveError
from meiriqi.svg import Geometry

__all__ = [
    "COMMANDS",
    "Level",
    "Session",
    "game_name",
    "game_record",
    "lookahead",
    "outcome_text",
    "parse_level",
    "run",
    "strength",
]

COMMANDS: dict[str, tuple[str, str]] = {
    "help": ("help [COMMAND|PIECE]", "list the commands, explain one, or show how a piece moves"),
    "moves": ("moves [SQUARE]", "the legal moves in SAN, or those of the piece on SQUARE"),
    "undo": ("undo", "take back your last move (and the computer's reply)"),
    "redo": ("redo", "play again what undo took back"),
    "new": ("new", "start a new game from the initial position"),
    "variant": ("variant [NAME]", "show the variant and list the others, or start a game of NAME"),
    "fen": ("fen [FEN]", "show the position's FEN, or set up the position FEN"),
    "load": ("load FILE", "continue the (first) game recorded in FILE"),
    "save": ("save FILE", "write the game to FILE as a PGN-like record"),
    "flip": ("flip", "turn the board around"),
    "show": ("show", "draw the board again"),
    "go": ("go", "let the computer play one move for the side to move"),
    "hint": ("hint", "ask the computer for a move, without playing it"),
    "level": ("level [2s | depth 4]", "show how strong the computer is, or set its time or depth"),
    "auto": ("auto [white|black|both|off]", "show or choose the sides the computer plays"),
    "claim": ("claim", "claim a draw (fifty moves or threefold repetition) when you may"),
    "quit": ("quit", "leave (so do 'exit' and Ctrl-D)"),
}
"""Every command: its usage and a one-line summary (the ``help`` text)."""

_ALIASES = {"exit": "quit", "?": "help", "board": "show"}
_AUTO = {"white": {WHITE}, "black": {BLACK}, "both": {WHITE, BLACK}, "off": set()}


def move_examples(board: Board) -> tuple[str, str]:
    """Example moves of ``board``'s variant: SAN, then coordinates (its variant file's
    ``[examples]``, else the first moves of its start position)."""
    variant = Variant(board.variant_name)
    return ", ".join(variant.example_san), ", ".join(variant.example_coordinates)


def move_hint(board: Board) -> str:
    """What a move looks like, for error messages (drops too, in a variant with hands)."""
    san, coordinates = move_examples(board)
    hint = f"a move is SAN ({san}) or coordinates ({coordinates})"
    drop = next((move for move in coordinates.split(", ") if "@" in move), None)
    if drop is not None:
        hint += f"; {drop} drops a piece from your hand on {drop[-2:]}"
    return hint


_MOVE_NUMBER = re.compile(r"[0-9]+\.+")
_CASTLING = re.compile(r"[O0]-[O0](?:-[O0])?[+#]*", re.IGNORECASE)
"""Castling (``O-O``, ``0-0-0``, ``o-o``): a move, though it may hold no digit."""


def side_name(color: bool) -> str:
    """``"White"`` or ``"Black"``."""
    return "White" if color else "Black"


@dataclass(frozen=True)
class Level:
    """How long the computer thinks: ``time`` seconds per move, or else ``depth`` plies."""

    time: float | None = 1.0
    depth: int | None = None

    def __str__(self) -> str:
        """``"1 s per move"`` or ``"depth 4"``."""
        return f"depth {self.depth}" if self.depth is not None else f"{self.time:g} s per move"


_LEVEL = re.compile(
    r"(?:depth\s+(?P<depth>[0-9]+))|(?:time\s+)?(?P<time>[0-9]*\.?[0-9]+)\s*(?P<unit>s|ms)?",
    re.IGNORECASE,
)


_STRENGTHS = ((2, "very easy"), (4, "easy"), (6, "medium"), (9, "hard"))
"""How hard the computer is to beat, by the plies it looks ahead (up to each bound; beyond the
last, "very hard")."""


def lookahead(plies: int) -> str:
    """How far ``plies`` plies look ahead, in words: ``"3 plies ahead (2 of its moves and 1 of
    yours)"``."""
    if plies == 1:
        return "1 ply ahead (its own move, and the captures that follow)"
    own, yours = (plies + 1) // 2, plies // 2
    return f"{plies} plies ahead ({own} of its moves and {yours} of yours)"


def strength(level: Level, reached: int | None = None) -> str:
    """``level`` in plain words: how hard the computer is to beat and how far it looks ahead;
    for a time per move, as far as its last search at this level looked (``reached`` plies;
    ``None``: none yet)."""
    plies = level.depth if level.depth is not None else reached
    if plies is None:
        return (
            f"{level}: the computer looks as far ahead as it can in that time; once it has "
            "moved, 'level' tells how far that is"
        )
    hardness = next((words for most, words in _STRENGTHS if plies <= most), "very hard")
    if level.depth is not None:
        return f"{level}: {hardness}: the computer looks {lookahead(plies)}"
    return f"{level}: {hardness} here: its last search looked {lookahead(plies)}"


MAX_LEVEL_DEPTH = 48
"""The deepest search a level may ask for (the search goes no deeper)."""
MAX_LEVEL_SECONDS = 86_400.0
"""The longest time per move a level may ask for: a day."""


def parse_level(text: str) -> Level:
    """A level written ``2s``, ``2``, ``500ms``, ``time 2`` or ``depth 4``: a depth of 1 to
    :data:`MAX_LEVEL_DEPTH` plies, or a time above 0 and at most :data:`MAX_LEVEL_SECONDS`.

    Raises ``ValueError`` naming the accepted forms.
    """
    shown = text.strip()[:40] + ("..." if len(text.strip()) > 40 else "")
    match = _LEVEL.fullmatch(text.strip()) if len(text) < 100 else None
    if match is None:
        raise ValueError(
            f"bad level {shown!r}: use 'level 2s' (seconds per move), 'level 500ms' "
            f"or 'level depth 4' (plies, 1 to {MAX_LEVEL_DEPTH})"
        )
    if match["depth"] is not None:
        depth = int(match["depth"])
        if not 1 <= depth <= MAX_LEVEL_DEPTH:
            raise ValueError(f"bad level {shown!r}: the depth must be 1 to {MAX_LEVEL_DEPTH}")
        return Level(time=None, depth=depth)
    seconds = float(match["time"]) / (1000 if (match["unit"] or "").lower() == "ms" else 1)
    if not 0 < seconds <= MAX_LEVEL_SECONDS:
        raise ValueError(
            f"bad level {shown!r}: the time per move must be above 0 and at most "
            f"{MAX_LEVEL_SECONDS:g} s"
        )
    return Level(time=seconds)


_ENDINGS = {
    "CHECKMATE": "Checkmate: {winner} wins, {result}.",
    "VARIANT_LOSS": "{mover} has no legal move that ends within the limits of {game} (the enemy "
    "holding every Prince, or half of the relevant pieces across the River): {winner} wins, "
    "{result}.",
    "STALEMATE": "Stalemate: {mover} has no legal move. In {game} stalemate wins for the side "
    "that delivered it: {winner} wins, {result}.",
    "STALEMATE_DRAW": "Stalemate: {mover} has no legal move. In {game} stalemate is a draw, "
    "{result}.",
    "INSUFFICIENT_MATERIAL": "Draw by insufficient material: {material}, {result}.",
    "SEVENTYFIVE_MOVES": "Draw by the seventy-five-move rule: 75 moves by each side without a "
    "capture or pawn move, {result}.",
    "FIVEFOLD_REPETITION": "Draw by fivefold repetition: the same position has occurred five "
    "times, {result}.",
    "FIFTY_MOVES": "Draw claimed by {mover} under the fifty-move rule: 50 moves by each side "
    "without a capture or pawn move, {result}.",
    "THREEFOLD_REPETITION": "Draw claimed by {mover} by threefold repetition: the same position "
    "has occurred three times, {result}.",
    "EXTINCTION": "{loser} is left with too few pieces: in {game} a bare King loses against two "
    "pieces or more, {winner} wins, {result}.",
    "MOVE_RULE": "Draw claimed by {mover} under the move rule of {game}: as many moves by each "
    "side as it says without a capture or pawn move, {result}.",
    "REPETITION_RULE": "Draw claimed by {mover} by repetition: the same position has occurred as "
    "often as {game}'s rule says, {result}.",
    "NO_PIECES_LEFT": "{loser} has no piece left: in {game} a side without pieces loses, {winner} "
    "wins, {result}.",
    "GOAL": "{winner} has reached its goal: in {game} that wins, {result}.",
    "GOAL_DRAW": "Both sides have reached their goals: in {game} that is a draw, {result}.",
    "CHECK_LIMIT": "{winner} has given check {checks} times: in {game} that wins, {result}.",
    "COUNTING": "Draw claimed by {mover}: the counting of the ending has run out, {result}.",
    "DROP_MATE": "{loser} checkmated {winner} with a drop that the rules of {game} make a loss "
    "for the dropper: {winner} wins, {result}.",
    "DOUBLE_PASS": "Both sides passed in a row: the game ends, scored by counting material, "
    "{result}.",
    "BIKJANG": "A side passed with the Kings facing each other (bikjang): the game ends, scored "
    "by counting material, {result}.",
}
"""The announcement of each ending, by the name of its ``Termination`` (a drawn stalemate and a
drawn race to the goal have keys of their own); ``mover`` is the side to move in the final
position, ``material`` says what is left when it is not enough to mate, ``checks`` how many checks
win."""


def outcome_text(board: Board, outcome: Outcome | None = None) -> str | None:
    """How the game in ``board`` ended, in words; ``None`` while it goes on.

    ``outcome`` defaults to ``board.outcome()``; pass ``board.outcome(claim_draw=True)`` for a
    game ended by a claimed draw.
    """
    if outcome is None:
        outcome = board.outcome()
    if outcome is None:
        return None
    key = outcome.termination.name
    if key in ("STALEMATE", "GOAL") and outcome.winner is None:
        key = f"{key}_DRAW"
    winner = not board.turn if outcome.winner is None else outcome.winner
    return _ENDINGS[key].format(
        mover=side_name(board.turn),
        winner=side_name(winner),
        loser=side_name(not winner),
        result=outcome.result(),
        game=game_name(board),
        checks=board.check_limit,
        material="only the two Kings are left"
        if len(board.piece_map()) == 2
        else "neither side has the pieces to checkmate",
    )


def _indented(text: str, first: str, rest: str) -> str:
    """``text`` wrapped within 80 columns, its first line indented by ``first``, the others by
    ``rest``."""
    return textwrap.fill(text, 80, initial_indent=first, subsequent_indent=rest)


def _plies(number: int) -> str:
    """``"1 ply"``, ``"36 plies"``."""
    return counted(number, "ply", "plies")


def _move_number(board: Board) -> str:
    """The number of the move to play: ``"3."`` for White, ``"3..."`` for Black."""
    return f"{board.fullmove_number}{'.' if board.turn else '...'}"


def _numbered(board: Board, move: Move) -> str:
    """``move`` (legal in ``board``) as numbered SAN: ``"3. Nb4"`` or ``"3... Nb7"``."""
    return f"{_move_number(board)} {board.san(move)}"


def _notes(board: Board) -> list[str]:
    """What ``help`` says about the moves and the diagram of ``board``'s variant."""
    notes = []
    if board.has_hands:
        notes.append(
            "Drops: a captured piece goes to the capturer's hand; play it back onto an empty "
            "square with its letter, @ and the square: P@e5 (the same in coordinates). "
            "'moves e5' lists the drops on an empty e5."
        )
    if any(len(piece_symbol(kind, variant=board.variant_name)) > 1 for kind in board.piece_types):
        notes.append(
            "A promoted piece is shown as +P; a move that promotes to it ends in =+ "
            "(Bxh8=+), or + in coordinates (b2h8+)."
        )
    if board.has_castling:
        notes.append(
            "Castling is O-O (on the King's side) or O-O-O, or the King's two-square move in "
            "coordinates (e1g1)."
        )
    if Variant(board.variant_name).has_king_swap:
        notes.append(
            "A King's swap with a neighbour is written as the King's move onto the neighbour's "
            "square (Kd1 or e1d1)."
        )
    board_parts = ["uppercase White, lowercase Black"]
    if board.fortress(WHITE):
        fortresses = plural_of(Variant(board.variant_name).fortress_name)
        board_parts.append(f"the {fortresses} are walled off and their empty 'X' points marked")
    if Geometry.of(board).camp_lines:
        board_parts.append("dashed lines bound the camps (promotion zones)")
    elif board.camp(WHITE):
        board_parts.append("a pawn promotes on the last rank")
    if board.has_river:
        board_parts.append("the ~ line is the River")
    if board.has_hands:
        board_parts.append("each side's hand is listed by its own edge of the board")
    notes.append(f"On the board: {'; '.join(board_parts)}.")
    return notes


def game_record(board: Board, computer: Iterable[bool], *, claimed: bool = False) -> pgn.Game:
    """The record of the game in ``board`` as the player saves it: a casual game of today, the
    sides the computer played (``computer``) named ``meiriqi`` and the others ``Human``."""
    sides = set(computer)
    game = pgn.Game.from_board(board, claim_draw=claimed)
    game.headers.update(
        Event="Casual game",
        Site="meiriqi",
        Date=datetime.date.today().strftime("%Y.%m.%d"),
        White="meiriqi" if WHITE in sides else "Human",
        Black="meiriqi" if BLACK in sides else "Human",
    )
    return game


class Session:
    """One game at the keyboard: the board, the moves taken back, and the settings.

    ``computer`` holds the colours the computer plays. Everything is printed to ``out``.
    """

    def __init__(
        self,
        board: Board | None = None,
        *,
        out: TextIO = sys.stdout,
        style: Style = PLAIN,
        computer: Iterable[bool] = (),
        level: Level | None = None,
    ) -> None:
        self.board = Board() if board is None else board
        self.memory = SearchMemory()  # what the computer's searches of this game learnt
        self.redo_stack: list[Move] = []
        self.out = out
        self.style = style
        self.computer = set(computer)
        self.level = Level() if level is None else level
        self.reached: int | None = None
        self.hurried = False
        self.flipped = False
        self.stale = True
        self.claimed = False
        self.handlers: dict[str, Callable[[str], None]] = {
            name: getattr(self, f"do_{name}") for name in COMMANDS if name != "quit"
        }

    # -- the loop ----------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Prints a line (or several)."""
        print(text, file=self.out, flush=True)

    def outcome(self) -> Outcome | None:
        """How the game ended, a claimed draw included; ``None`` while it goes on."""
        return self.board.outcome(claim_draw=self.claimed)

    def prompt(self) -> str:
        """``"12. White> "`` or ``"12... Black> "``; ``"game over> "`` at the end."""
        if self.outcome() is not None:
            return "game over> "
        return f"{_move_number(self.board)} {side_name(self.board.turn)}> "

    def run(self, read: Callable[[str], str]) -> None:
        """Reads lines with ``read(prompt)`` and executes them until ``quit`` or end of input.

        Whenever a side the computer plays is to move, it moves. Ctrl-C at the prompt abandons
        the line; Ctrl-C while the computer thinks makes it move now (see :meth:`think`), and
        a second one gives the prompt back, the computer still playing its sides.
        """
        line = ""  # executing nothing first lets the computer open the game if it is to move
        while True:
            try:
                if not self.execute(line):
                    return
                self.computer_turns()
            except KeyboardInterrupt:
                self.say(f"\n{self.interrupted()}")
            if self.stale:
                self.show()
            self.hurried = False
            try:
                line = read(self.prompt())
            except EOFError:
                self.say()
                return
            except KeyboardInterrupt:
                self.say("\n(interrupted: type 'quit' or press Ctrl-D to leave)")
                line = ""

    def execute(self, line: str) -> bool:
        """Runs one line of input; returns ``False`` when it asks to quit."""
        words = line.split()
        if not words:
            return True
        name = _ALIASES.get(words[0].lower(), words[0].lower())
        argument = line.strip()[len(words[0]) :].strip()
        if name == "quit":
            return False
        try:
            if name in self.handlers and argument and " " not in COMMANDS[name][0]:
                raise ValueError(f"'{name}' takes no argument (help: {COMMANDS[name][1]})")
            if name in self.handlers:
                self.handlers[name](argument)
            else:
                self.play_line(words)
        except OSError as error:
            self.say(f"error: cannot use file {error.filename!r}: {error.strerror or error}")
        except ValueError as error:
            self.say(f"error: {error}")
        return True

    def show(self) -> None:
        """Draws the board with the last move, check and, at the end, the result."""
        self.say(diagram(self.board, style=self.style, flipped=self.flipped))
        if self.board.move_stack:
            before = self.board.copy()
            move = before.pop()
            self.say(f"Last move: {_numbered(before, move)}")
        ending = outcome_text(self.board, self.outcome())
        if ending is not None:
            self.say(ending)
            self.say("Type 'new' for a new game, 'undo' to take back, or 'save FILE'.")
            self.stale = False
            return
        if self.board.is_check():
            self.say(f"{side_name(self.board.turn)} is in check.")
        claimable = self.board.outcome(claim_draw=True)
        if claimable is not None:
            self.say(
                f"{side_name(self.board.turn)} may claim a draw "
                f"({claimable.termination.value}): type 'claim', or play on."
            )
        self.stale = False

    # -- moves -------------------------------------------------------------------------------------

    def play(self, move: Move, who: str = "") -> None:
        """Plays a legal move, says so, and keeps the redo list when the move is its next one."""
        self.say(f"{_numbered(self.board, move)}{who}")
        self.board.push(move)
        self.claimed = False
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        self.stale = True

    def play_line(self, words: list[str]) -> None:
        """Plays the moves of a line in turn (move numbers are skipped), with the computer's
        replies in between; stops at the first bad one."""
        for word in words:
            if _MOVE_NUMBER.fullmatch(word):
                continue
            if _CASTLING.fullmatch(word):
                word = word.upper()
            elif not any(character.isdigit() for character in word):
                raise ValueError(
                    f"unknown command {quoted(word)}; the commands are {', '.join(COMMANDS)}; "
                    f"{move_hint(self.board)}"
                )
            self.require_game_on()
            try:
                move = self.board.parse_san(word)
            except InvalidMoveError as error:
                raise ValueError(f"{self.brief(error)}; {move_hint(self.board)}") from None
            except IllegalMoveError as error:
                raise ValueError(f"{self.brief(error)}; 'moves' lists the legal moves") from None
            except AmbiguousMoveError as error:
                raise ValueError(f"{self.brief(error)}; add the origin file or rank") from None
            self.play(move)
            self.computer_turns()

    def brief(self, error: Exception) -> str:
        """An error message without the FEN of the position, which the board already shows."""
        return str(error).replace(f" in {self.board.fen()}", "")

    def require_game_on(self) -> None:
        """Raises ``ValueError`` when the game is over."""
        ending = outcome_text(self.board, self.outcome())
        if ending is not None:
            raise ValueError(
                f"the game is over. {ending} Type 'new', 'undo', 'fen FEN' or 'load FILE'"
            )

    def think(self) -> Move:
        """The computer's move in the current position. Ctrl-C while it thinks makes it move
        now, its best move so far (as a GUI's "move now"); a second Ctrl-C before the prompt
        is back raises ``KeyboardInterrupt``, the move unplayed."""
        self.require_game_on()
        decision = engine.decide(
            self.board, time=self.level.time, depth=self.level.depth, memory=self.memory
        )
        if decision.hurried:
            if self.hurried:
                raise KeyboardInterrupt
            self.hurried = True
            self.say(
                "\n(thinking cut short: its best move so far; Ctrl-C again gives the prompt back)"
            )
        else:
            self.reached = decision.depth  # how far this level looks, for 'level'
        return decision.move

    def interrupted(self) -> str:
        """What Ctrl-C did, when it stopped a command or the computer's moves."""
        if self.board.turn in self.computer and self.outcome() is None:
            return (
                f"(interrupted: the computer still plays {side_name(self.board.turn)}; press "
                "Enter to let it move, or type 'auto off' to play on yourself)"
            )
        return "(interrupted)"

    def computer_turns(self) -> None:
        """Lets the computer move while it plays the side to move and the game goes on."""
        while self.board.turn in self.computer and self.outcome() is None:
            self.play(self.think(), " (computer)")

    def step(self, backwards: bool) -> int:
        """Takes back (or replays) one ply, and one more if that leaves the computer to move;
        returns the number of plies."""
        plies = 0
        while plies < 2 and (self.board.move_stack if backwards else self.redo_stack):
            if plies and self.board.turn not in self.computer:
                break
            self.claimed = False
            if backwards:
                move = self.board.pop()
                self.redo_stack.append(move)
                self.say(f"took back {_numbered(self.board, move)}")
            else:
                self.play(self.redo_stack[-1])
            plies += 1
        self.stale = self.stale or plies > 0
        return plies

    # -- commands ----------------------------------------------------------------------------------

    def do_help(self, argument: str) -> None:
        """``help [COMMAND | pieces | PIECE]``: a piece by its name or letter, in any case."""
        name = _ALIASES.get(argument.lower(), argument.lower())
        if not name:
            self.show_commands()
        elif name in COMMANDS:
            usage, summary = COMMANDS[name]
            self.say(f"{usage}: {summary}")
        elif name == "pieces":
            self.show_pieces()
        else:
            self.say(self.find_piece(argument).text())

    def find_piece(self, text: str) -> guide.PieceGuide:
        """The guide to the piece of this variant named or written ``text``; ``ValueError``
        when there is none (nor a command of that name)."""
        try:
            return guide.find(self.board.variant_name, text)
        except ValueError:
            raise ValueError(
                f"no command or piece {quoted(text)} (see 'help' and 'help pieces')"
            ) from None

    def show_commands(self) -> None:
        """The list of commands, then notes on the moves and the diagram of this variant."""
        width = max(len(usage) for usage, _ in COMMANDS.values())
        for usage, summary in COMMANDS.values():
            self.say(_indented(f"{usage:<{width}}  {summary}", "  ", " " * (width + 4)))
        san, coordinates = move_examples(self.board)
        promotion = " (a promotion names the new piece)" if self.board.camp(WHITE) else ""
        self.say(
            textwrap.fill(
                f"Moves: SAN such as {san}{promotion}, or coordinates such as {coordinates}; "
                "several moves on one line are played in turn.",
                80,
            )
        )
        for note in _notes(self.board):
            self.say(textwrap.fill(note, 80))
        example = guide.guides(self.board.variant_name)[-1]
        self.say(
            textwrap.fill(
                f"Pieces: 'help pieces' lists how each piece of {game_name(self.board)} moves; "
                f"'help {example.name}' or 'help {example.letters[0]}' shows one with a diagram.",
                80,
            )
        )

    def show_pieces(self) -> None:
        """Every piece of this variant: its name, letters and movement."""
        self.say(f"The pieces of {game_name(self.board)} (White's view: forward is up):")
        for entry in guide.guides(self.board.variant_name):
            self.say(_indented(f"{entry.title}: {entry.movement}", "  ", "      "))
        self.say("'help NAME' or 'help LETTER' shows where a piece can go, in a diagram.")

    def do_moves(self, argument: str) -> None:
        """``moves [SQUARE]``."""
        moves = list(self.board.legal_moves)
        if not argument:
            title = f"{counted(len(moves), 'legal move')} for {side_name(self.board.turn)}"
        else:
            origin = self.parse_square(argument)
            piece = self.board.piece_at(origin)
            name = square_name(origin)
            if piece is None and self.board.has_hands:
                moves = [
                    move for move in moves if move.drop is not None and move.to_square == origin
                ]
                title = f"drops on {name}: {counted(len(moves), 'legal move')}"
            elif piece is None:
                raise ValueError(f"no piece on {name}: 'moves SQUARE' names a square with a piece")
            else:
                owner = side_name(piece.color)
                kind = piece_name(piece.piece_type, variant=self.board.variant_name)
                if piece.color != self.board.turn:
                    raise ValueError(
                        f"the {kind} on {name} is {owner}'s and it is "
                        f"{side_name(self.board.turn)}'s move"
                    )
                moves = [move for move in moves if move.from_square == origin]
                title = f"{owner}'s {kind} on {name}: {counted(len(moves), 'legal move')}"
        if not moves:
            self.say(f"{title}.")
            return
        listed = " ".join(sorted(self.board.san(move) for move in moves))
        self.say(f"{title}:")
        self.say(textwrap.fill(listed, 78, initial_indent="  ", subsequent_indent="  "))

    def parse_square(self, text: str) -> int:
        """The square named ``text`` on this board; ``ValueError`` otherwise."""
        last = square_name(square(self.board.files - 1, self.board.ranks - 1))
        problem = ValueError(f"no square {quoted(text)}: squares go from a1 to {last}")
        try:
            sq = parse_square(text.lower())
        except ValueError:
            raise problem from None
        if square_file(sq) >= self.board.files or square_rank(sq) >= self.board.ranks:
            raise problem
        return sq

    def do_undo(self, argument: str) -> None:
        """``undo``."""
        if not self.step(backwards=True):
            raise ValueError(
                "nothing to undo: no move has been played since the position was set up"
            )

    def do_redo(self, argument: str) -> None:
        """``redo``."""
        if not self.step(backwards=False):
            raise ValueError("nothing to redo: 'redo' replays moves that 'undo' took back")

    def set_board(self, board: Board) -> None:
        """Starts from ``board``, forgetting the moves taken back and any draw claimed."""
        self.board = board
        self.memory.clear()
        self.redo_stack.clear()
        self.claimed = False
        self.stale = True

    def do_new(self, argument: str) -> None:
        """``new``: a new game of the same variant."""
        self.set_board(Board(variant=self.board.variant_name))

    def do_variant(self, argument: str) -> None:
        """``variant [NAME]``: without a name, the variant played and the others; with one
        (a name or a title, as in a record's ``Variant`` tag), a new game of it."""
        if argument:
            self.set_board(Board(variant=pgn.variant_name(argument)))
            self.say(f"new game of {game_name(self.board)}")
            return
        self.say(f"playing {game_name(self.board)} ({self.board.variant_name}); the variants:")
        self.say(catalog.listing(catalog.variants(), indent="  "))

    def do_claim(self, argument: str) -> None:
        """``claim``: ends the game as a draw when the side to move may claim one."""
        self.require_game_on()
        if not self.board.can_claim_draw():
            raise ValueError(
                "no draw to claim: in the games that have such draws (Yáng Qí, chess, the games "
                "named after Fairy-Stockfish's) the side to move may claim one after 50 moves by "
                "each side without a capture or pawn move, or when the position occurs for the "
                "third time (Mĕirìqí, Xiangqi and Shogi have no such draws)"
            )
        self.claimed = True
        self.stale = True

    def do_fen(self, argument: str) -> None:
        """``fen [FEN]``: a position of the variant being played."""
        if not argument:
            self.say(self.board.fen())
            return
        variant = self.board.variant_name
        try:
            board = Board(argument, variant=variant)
        except ValueError as error:
            raise ValueError(
                f"{error}. A FEN looks like: {Board(variant=variant).fen()} (the last four "
                f"fields may be left out; it is read as {game_name(self.board)}, see 'variant')"
            ) from None
        self.set_board(board)

    def do_load(self, argument: str) -> None:
        """``load FILE``."""
        path = self.require_file(argument, "load")
        try:
            with record_input.open_record(path) as lines:
                game = pgn.read_game(lines)
        except OSError as error:
            raise ValueError(f"cannot read {path!r}: {error.strerror or error}") from None
        if game is None:
            raise ValueError(f"{path} holds no game")
        for problem in game.errors:
            self.say(f"warning: {path}: {problem}")
        try:
            board = game.end().board()
        except ValueError as error:
            raise ValueError(f"cannot set up the game in {path}: {error}") from None
        self.say(f"loaded {_plies(len(board.move_stack))} from {path}")
        if board.variant_name != self.board.variant_name:
            self.say(f"the game is {game_name(board)}")
        self.set_board(board)

    def do_save(self, argument: str) -> None:
        """``save FILE``."""
        path = self.require_file(argument, "save")
        game = game_record(self.board, self.computer, claimed=self.claimed)
        with open(path, "w", encoding="utf-8") as handle:
            pgn.write_game(game, handle)
        self.say(f"saved {_plies(len(self.board.move_stack))} to {path}")

    @staticmethod
    def require_file(argument: str, command: str) -> str:
        """The file name given to ``load`` or ``save``; ``ValueError`` when there is none."""
        if not argument:
            raise ValueError(f"'{command}' needs a file name: {command} FILE")
        return argument

    def do_flip(self, argument: str) -> None:
        """``flip``."""
        self.flipped = not self.flipped
        self.stale = True

    def do_show(self, argument: str) -> None:
        """``show``."""
        self.stale = True

    def do_go(self, argument: str) -> None:
        """``go``."""
        self.play(self.think(), " (computer)")

    def do_hint(self, argument: str) -> None:
        """``hint``."""
        move = self.think()
        self.say(f"hint: {self.board.san(move)} ({move.uci()})")

    def do_level(self, argument: str) -> None:
        """``level [2s | depth 4]``: sets the level; shows it in plain words."""
        if argument:
            self.level = parse_level(argument)
            self.reached = None
        self.say(_indented(f"level: {strength(self.level, self.reached)}", "", "  "))

    def do_auto(self, argument: str) -> None:
        """``auto [white|black|both|off]``."""
        if argument:
            if argument.lower() not in _AUTO:
                raise ValueError(
                    f"bad side {quoted(argument)}: use 'auto white', 'black', 'both' or 'off'"
                )
            self.computer = set(_AUTO[argument.lower()])
        sides = " and ".join(side_name(c) for c in (WHITE, BLACK) if c in self.computer)
        self.say(f"the computer plays {sides or 'no side'}")

    # -- completion --------------------------------------------------------------------------------

    def complete(self, text: str, before: str) -> list[str]:
        """The completions of the word ``text``, after ``before`` on the line."""
        words = before.split()
        command = _ALIASES.get(words[0].lower(), words[0].lower()) if words else ""
        if not words or command not in COMMANDS:
            moves = [] if self.outcome() is not None else self.board.legal_moves
            options = [*COMMANDS, *(self.board.san(move) for move in moves)]
        elif command == "moves":
            options = [
                square_name(sq)
                for sq, piece in self.board.piece_map().items()
                if piece.color == self.board.turn
            ]
        elif command == "help":
            names = (
                entry.name.replace(" ", "-") for entry in guide.guides(self.board.variant_name)
            )
            options = [*COMMANDS, "pieces", *names]
        elif command == "auto":
            options = list(_AUTO)
        elif command == "variant":
            options = list(catalog.variants())
        elif command == "level":
            options = ["depth", "1s", "5s"]
        elif command in ("load", "save"):
            options = glob.glob(glob.escape(text) + "*")
        else:
            options = []
        return sorted(option for option in set(options) if option.startswith(text))


def _readline_input(session: Session) -> Callable[[str], str]:
    """``input`` with tab completion and history when ``readline`` can serve the terminal;
    without a terminal, ``input`` that echoes each line after its prompt (for readable logs)."""
    if not sys.stdin.isatty():

        def echoing(prompt: str) -> str:
            line = input(prompt)
            session.say(line)
            return line

        return echoing
    try:
        import readline
    except ImportError:
        return input
    matches: list[str] = []

    def completer(text: str, state: int) -> str | None:
        if state == 0:
            before = readline.get_line_buffer()[: readline.get_begidx()]
            matches[:] = session.complete(text, before)
        return matches[state] if state < len(matches) else None

    readline.set_completer(completer)
    readline.set_completer_delims(" \t\n")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return input


def run(session: Session) -> None:
    """Plays ``session`` at the terminal until the player quits."""
    board = session.board
    greeting = game_name(board) if session.style is not PLAIN else board.variant_title
    sides = {c: "computer" if c in session.computer else "you" for c in (WHITE, BLACK)}
    session.say(
        f"{greeting}: White ({sides[WHITE]}) against Black ({sides[BLACK]}).\n"
        f"Type a move ({move_examples(board)[0]}) or 'help'."
    )
    session.run(_readline_input(session))
