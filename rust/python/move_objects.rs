//! The Python `Move` objects of legal moves, made once and shared.
//!
//! Listing a position's legal moves would otherwise allocate one Python object per move, which
//! costs more than generating the moves. A `Move` is immutable and compares by value, so equal
//! moves can be one object: each is made the first time it is listed and looked up after that.
//! The table holds at most every move the variants' boards allow that was ever listed (a few
//! thousand in practice, tens of thousands at the very most), so it stays small.

use super::move_value::PyMove;
use crate::moves::{Move, UciMove};
use crate::variant::Variant;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, OnceLock};

/// A move of one variant (named by its address: variants are static).
type Key = (usize, UciMove);

/// Every `Move` object made so far.
type Table = HashMap<Key, Py<PyMove>, BuildHasherDefault<WordHasher>>;

static TABLE: OnceLock<Mutex<Table>> = OnceLock::new();

/// The shared Python objects of `moves`, legal moves of `variant`.
pub(super) fn move_objects(
    py: Python<'_>,
    moves: &[Move],
    variant: &'static Variant,
) -> PyResult<Vec<Py<PyMove>>> {
    let address = std::ptr::from_ref(variant) as usize;
    let table = TABLE.get_or_init(Mutex::default);
    let mut objects = Vec::with_capacity(moves.len());
    {
        let table = lock(table);
        for mv in moves {
            match table.get(&(address, mv.uci())) {
                Some(object) => objects.push(object.clone_ref(py)),
                None => break,
            }
        }
    }
    if objects.len() == moves.len() {
        return Ok(objects);
    }
    // New objects are made outside the lock: making a Python object may run a collection, and
    // with it any Python code, which could list moves again.
    for &mv in &moves[objects.len()..] {
        objects.push(Py::new(py, PyMove::of(mv, variant))?);
    }
    let mut table = lock(table);
    for (mv, object) in moves.iter().zip(&objects) {
        table
            .entry((address, mv.uci()))
            .or_insert_with(|| object.clone_ref(py));
    }
    Ok(objects)
}

/// The shared Python object of `mv`, a legal move of `variant` (`legal_moves[i]`, so
/// `random.choice(board.legal_moves)`: one lookup, no list).
pub(super) fn move_object(
    py: Python<'_>,
    mv: Move,
    variant: &'static Variant,
) -> PyResult<Py<PyMove>> {
    let key = (std::ptr::from_ref(variant) as usize, mv.uci());
    let table = TABLE.get_or_init(Mutex::default);
    if let Some(object) = lock(table).get(&key) {
        return Ok(object.clone_ref(py));
    }
    // Made outside the lock, as in `move_objects`.
    let object = Py::new(py, PyMove::of(mv, variant))?;
    Ok(lock(table).entry(key).or_insert(object).clone_ref(py))
}

/// The table, locked; a panic elsewhere while it was held leaves it whole (entries are only
/// ever added complete), so a poisoned lock is taken all the same.
fn lock(table: &Mutex<Table>) -> std::sync::MutexGuard<'_, Table> {
    table
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A fast hasher for the table's few small integers: a multiply and a rotation per word. The
/// keys are moves of real positions, nothing an adversary can choose to collide.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u8(&mut self, word: u8) {
        self.write_u64(u64::from(word));
    }

    fn write_u16(&mut self, word: u16) {
        self.write_u64(u64::from(word));
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
