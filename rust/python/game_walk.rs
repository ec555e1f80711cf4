//! Walking a game tree of Python nodes (`meiriqi.pgn.Game`) through a visitor in record order:
//! the headers, the starting position, the game's comment, each move with its annotations and
//! then its side variations (from the position before it), and the result. An explicit stack
//! of lines replaces recursion, and one board follows the walk.

use super::board::{PyBoard, Reading};
use super::move_value::PyMove;
use super::visitor::{Hook, Visitor};
use super::IllegalMoveError;
use crate::fen;
use crate::movetext::fold;
use crate::san;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

/// A line of play being walked.
struct Walking<'py> {
    /// The last node visited.
    node: Bound<'py, PyAny>,
    /// The side variations of that node's move still to visit: its parent's other children.
    sides: Bound<'py, PyList>,
    next_side: usize,
    /// Moves the line played on the board.
    pushed: usize,
    /// Whether the line's last move is taken back while a side variation is visited.
    popped: bool,
}

/// Walks `game` through `visitor`, playing on `board`.
pub(super) fn walk<'py>(
    game: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyBoard>>,
    visitor: &Visitor<'py>,
) -> PyResult<()> {
    let py = game.py();
    let _reading = board
        .map(|board| board.try_borrow().map(|board| Reading::of(&board)))
        .transpose()?;
    if !visitor.ask(Hook::BeginGame)? {
        visitor.ask(Hook::BeginHeaders)?;
        let headers = game.getattr(intern!(py, "headers"))?;
        for item in headers.call_method0(intern!(py, "items"))?.try_iter()? {
            let (name, value): (String, String) = item?.extract()?;
            visitor.header(&name, &value)?;
        }
        if !visitor.ask(Hook::EndHeaders)? {
            if let Some(board) = board {
                visitor.board(board)?;
            }
            comment(visitor, &game.getattr(intern!(py, "comment"))?)?;
            let first = children(game)?;
            if let Some(board) = board.filter(|_| !first.is_empty()) {
                walk_moves(game, board, visitor)?;
            }
            let result = headers
                .call_method1(intern!(py, "get"), ("Result", "*"))?
                .extract::<String>()?;
            visitor.result(&result)?;
        }
    }
    visitor.ask(Hook::EndGame)?;
    Ok(())
}

/// The children of `node` (its `variations`).
fn children<'py>(node: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    Ok(node
        .getattr(intern!(node.py(), "variations"))?
        .cast_into::<PyList>()?)
}

/// Visits a comment, folded, unless it is blank.
fn comment(visitor: &Visitor<'_>, text: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = text.cast::<PyString>()?;
    if text.len()? == 0 {
        return Ok(());
    }
    let words = fold(&text.to_cow()?);
    if words.is_empty() {
        Ok(())
    } else {
        visitor.comment(&words)
    }
}

/// Visits a move with its annotations and plays it on `board`.
fn visit_node<'py>(
    node: &Bound<'py, PyAny>,
    board: &Bound<'py, PyBoard>,
    visitor: &Visitor<'py>,
    same_kind: &mut Vec<crate::moves::Move>,
) -> PyResult<()> {
    let py = node.py();
    comment(visitor, &node.getattr(intern!(py, "starting_comment"))?)?;
    let candidate = node.getattr(intern!(py, "move"))?;
    let mv = legal(board, candidate.cast::<PyMove>()?.get(), same_kind)?;
    visitor.play(board, mv, Some(same_kind))?;
    board.try_borrow_mut()?.game_in_use().push_unchecked(mv);
    visitor.board(board)?;
    let nags = node.getattr(intern!(py, "nags"))?;
    if visitor.wants(Hook::VisitNag) && nags.len()? > 0 {
        let mut sorted = Vec::new();
        for nag in nags.try_iter()? {
            sorted.push(nag?.extract::<i64>()?);
        }
        sorted.sort_unstable();
        for nag in sorted {
            visitor.nag(nag)?;
        }
    }
    comment(visitor, &node.getattr(intern!(py, "comment"))?)
}

/// The legal move of `board` that `candidate` names, with the legal moves to its destination by
/// pieces of its kind in `same_kind`; `IllegalMoveError` if there is none.
fn legal(
    board: &Bound<'_, PyBoard>,
    candidate: &PyMove,
    same_kind: &mut Vec<crate::moves::Move>,
) -> PyResult<crate::moves::Move> {
    let mut board = board.try_borrow_mut()?;
    let variant = board.variant();
    let position = board.game_in_use().position_mut();
    candidate
        .in_variant(variant)
        .and_then(|uci| san::find_among(position, uci, same_kind))
        .ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal move {} in {}",
                candidate.text(),
                fen::write(position)
            ))
        })
}

/// Visits the moves below `root` in record order: each move, then its side variations (from the
/// position before it), then the next move. `board` is left as it was found.
fn walk_moves<'py>(
    root: &Bound<'py, PyAny>,
    board: &Bound<'py, PyBoard>,
    visitor: &Visitor<'py>,
) -> PyResult<()> {
    let game = |work: &mut dyn FnMut(&mut crate::game::Game)| -> PyResult<()> {
        work(board.try_borrow_mut()?.game_in_use());
        Ok(())
    };
    let siblings = children(root)?;
    let first = siblings.get_item(0)?;
    // The legal moves each node's move is found among, in one buffer for the whole walk.
    let mut same_kind = Vec::new();
    visit_node(&first, board, visitor, &mut same_kind)?;
    let mut stack = vec![Walking {
        node: first,
        sides: siblings,
        next_side: 1,
        pushed: 1,
        popped: false,
    }];
    while let Some(line) = stack.last_mut() {
        if line.next_side < line.sides.len() {
            let side = line.sides.get_item(line.next_side)?;
            line.next_side += 1;
            if !line.popped {
                game(&mut |game| {
                    game.pop();
                })?;
                line.popped = true;
            }
            if visitor.ask(Hook::BeginVariation)? {
                visitor.ask(Hook::EndVariation)?;
            } else {
                visit_node(&side, board, visitor, &mut same_kind)?;
                let empty = PyList::empty(side.py());
                stack.push(Walking {
                    node: side,
                    sides: empty,
                    next_side: 0,
                    pushed: 1,
                    popped: false,
                });
            }
            continue;
        }
        if line.popped {
            let mv = board.try_borrow_mut()?.legal_move(
                line.node
                    .getattr(intern!(board.py(), "move"))?
                    .cast::<PyMove>()?
                    .get(),
            )?;
            game(&mut |game| game.push_unchecked(mv))?;
            line.popped = false;
        }
        let next = children(&line.node)?;
        if !next.is_empty() {
            line.node = next.get_item(0)?;
            line.sides = next;
            line.next_side = 1;
            line.pushed += 1;
            let node = line.node.clone();
            visit_node(&node, board, visitor, &mut same_kind)?;
            continue;
        }
        let pushed = line.pushed;
        game(&mut |game| {
            for _ in 0..pushed {
                game.pop();
            }
        })?;
        stack.pop();
        if !stack.is_empty() {
            visitor.ask(Hook::EndVariation)?;
        }
    }
    Ok(())
}
