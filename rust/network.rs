//! The weights of a small neural network that corrects the classical evaluation: each side's
//! pieces by kind and square, seen from each side, through one layer of [`HIDDEN`] clipped
//! units a side, to centipawns added to the evaluation ([`crate::eval::network`] evaluates a
//! position with them). A variant file names the network its evaluation adds
//! (`[evaluation] network = "chess"`, one of [`BUILT_IN`]).
//!
//! `examples/nettrain.rs` trains a [`Network`] (floats) on scored positions and writes it with
//! [`Network::to_bytes`]; the search evaluates its [`Quantized`] form (16-bit integers, the
//! same numbers within a centipawn or two). The inputs are laid out for one board size and
//! one set of kinds: for the side whose view it is, `(own or not, kind, rank from its side,
//! file)`.

use std::sync::OnceLock;

use crate::geometry::{Square, MAX_FILES, MAX_RANKS};
use crate::piece::{Color, MAX_KINDS};

/// Hidden units a side.
pub const HIDDEN: usize = 128;
/// Centipawns a unit of the network's output.
pub const OUTPUT_CENTIPAWNS: f32 = 100.0;
/// The networks a variant file may name, with their bytes.
pub const BUILT_IN: [(&str, &[u8]); 1] = [("chess", include_bytes!("networks/chess.bin"))];

/// The bytes that begin a network's file, before its version.
const MAGIC: &[u8; 4] = b"MQNN";
/// The version of the file's layout.
const VERSION: u32 = 1;
/// Activation ceiling of the quantized hidden units (1.0 in the float network): the hidden
/// sums fit 16 bits while the weights of the pieces on the board add to less than 32.
pub(crate) const QA: i32 = 1024;
/// Scale of the quantized output weights.
pub(crate) const QB: i32 = 1024;

/// A network's weights, in floats (for training and for the file).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The board's files the inputs are laid out for.
    pub files: usize,
    /// The board's ranks the inputs are laid out for.
    pub ranks: usize,
    /// The kinds (numbered from 1) the inputs are laid out for.
    pub kinds: usize,
    /// [`HIDDEN`] weights an input, input after input.
    pub input_weights: Vec<f32>,
    /// The hidden units' biases ([`HIDDEN`]).
    pub input_bias: Vec<f32>,
    /// The output's weights: [`HIDDEN`] for the side to move's units, then the other's.
    pub output_weights: Vec<f32>,
    /// The output's bias.
    pub output_bias: f32,
}

impl Network {
    /// The input of a piece of kind number `kind` on `square`, `own` to the side whose view
    /// `perspective` is.
    #[inline]
    pub fn input(&self, perspective: Color, own: bool, kind: usize, square: Square) -> usize {
        let rank = usize::from(square.rank());
        let rank = match perspective {
            Color::White => rank,
            Color::Black => self.ranks - 1 - rank,
        };
        ((usize::from(!own) * self.kinds + kind - 1) * self.ranks + rank) * self.files
            + usize::from(square.file())
    }

    /// Whether the inputs are laid out for a board of `files` by `ranks` with `kinds` kinds.
    pub fn fits(&self, files: usize, ranks: usize, kinds: usize) -> bool {
        (self.files, self.ranks, self.kinds) == (files, ranks, kinds)
    }

    /// The network as bytes: `MQNN`, then the version, files, ranks, kinds and
    /// [`HIDDEN`] as little-endian u32, then the weights as little-endian f32 in the order of
    /// the fields.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for n in [
            VERSION,
            self.files as u32,
            self.ranks as u32,
            self.kinds as u32,
        ] {
            bytes.extend(n.to_le_bytes());
        }
        bytes.extend((HIDDEN as u32).to_le_bytes());
        let floats = self.input_weights.iter().chain(&self.input_bias);
        let floats = floats
            .chain(&self.output_weights)
            .chain([&self.output_bias]);
        for f in floats {
            bytes.extend(f.to_le_bytes());
        }
        bytes
    }

    /// The network [`Network::to_bytes`] wrote, or what is wrong with `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let words: Vec<[u8; 4]> = bytes
            .chunks(4)
            .map(|chunk| chunk.try_into().map_err(|_| "a length not a multiple of 4"))
            .collect::<Result<_, _>>()?;
        if words.first() != Some(MAGIC) {
            return Err("not a network (no MQNN at the start)".into());
        }
        let header: Vec<usize> = words[1..]
            .iter()
            .take(5)
            .map(|w| u32::from_le_bytes(*w) as usize)
            .collect();
        let [version, files, ranks, kinds, hidden] = header[..] else {
            return Err("a header cut short".into());
        };
        if version != VERSION as usize || hidden != HIDDEN {
            return Err(format!(
                "version {version} with {hidden} hidden units, not version {VERSION} with {HIDDEN}"
            ));
        }
        let largest = (usize::from(MAX_FILES), usize::from(MAX_RANKS), MAX_KINDS);
        if files > largest.0 || ranks > largest.1 || kinds > largest.2 {
            return Err(format!("a board of {files}x{ranks} with {kinds} kinds"));
        }
        let inputs = 2 * kinds * ranks * files;
        let floats: Vec<f32> = words[6..].iter().map(|w| f32::from_le_bytes(*w)).collect();
        if floats.len() != (inputs + 3) * HIDDEN + 1 || floats.iter().any(|f| !f.is_finite()) {
            return Err(format!(
                "{} weights where {files} files, {ranks} ranks and {kinds} kinds need {}, all finite",
                floats.len(),
                (inputs + 3) * HIDDEN + 1
            ));
        }
        let (input_weights, rest) = floats.split_at(inputs * HIDDEN);
        let (input_bias, rest) = rest.split_at(HIDDEN);
        let (output_weights, rest) = rest.split_at(2 * HIDDEN);
        Ok(Network {
            files,
            ranks,
            kinds,
            input_weights: input_weights.to_vec(),
            input_bias: input_bias.to_vec(),
            output_weights: output_weights.to_vec(),
            output_bias: rest[0],
        })
    }
}

/// A [`Network`] in 16-bit integers, as the search evaluates it: the hidden units' sums
/// scaled by 1,024 (their ceiling), the output weights by 1,024.
#[derive(Clone, Debug)]
pub struct Quantized {
    network: Network,
    /// By input: its weights times [`QA`].
    pub(crate) weights: Vec<[i16; HIDDEN]>,
    /// The hidden units' biases times [`QA`].
    pub(crate) bias: [i16; HIDDEN],
    /// The output's weights times [`QB`]: the side to move's units, then the other's.
    pub(crate) output: [[i16; HIDDEN]; 2],
    /// The output's bias times `QA * QB`.
    pub(crate) output_bias: i32,
}

impl Quantized {
    /// `network` rounded to integers. Its sums must stay below 32 and its output weights below
    /// 8 (the trainer's chess network: input weights below 0.6, output weights below 1.7) for
    /// the integers to fit; beyond, the evaluation is wrong but still no panic.
    pub fn new(network: Network) -> Quantized {
        let row = |weights: &[f32], scale: i32| -> [i16; HIDDEN] {
            std::array::from_fn(|h| (weights[h] * scale as f32).round() as i16)
        };
        Quantized {
            weights: network
                .input_weights
                .chunks(HIDDEN)
                .map(|weights| row(weights, QA))
                .collect(),
            bias: row(&network.input_bias, QA),
            output: [
                row(&network.output_weights[..HIDDEN], QB),
                row(&network.output_weights[HIDDEN..], QB),
            ],
            output_bias: (network.output_bias * (QA * QB) as f32).round() as i32,
            network,
        }
    }

    /// The network in floats.
    pub fn network(&self) -> &Network {
        &self.network
    }
}

/// The built-in network named `name` ([`BUILT_IN`]), quantized once, or `None` for no such
/// network.
pub fn built_in(name: &str) -> Option<&'static Quantized> {
    static NETWORKS: [OnceLock<Quantized>; BUILT_IN.len()] = [const { OnceLock::new() }];
    let index = BUILT_IN.iter().position(|(known, _)| *known == name)?;
    Some(NETWORKS[index].get_or_init(|| {
        let network = Network::from_bytes(BUILT_IN[index].1);
        Quantized::new(network.expect("a built-in network reads (tested)"))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn every_built_in_network_reads_and_fits_its_variant() {
        for (name, _) in BUILT_IN {
            let network = built_in(name).unwrap().network();
            let variant = Variant::by_name(name).unwrap();
            let dims = variant.dimensions();
            let kinds = variant.rules().count();
            assert!(network.fits(usize::from(dims.files), usize::from(dims.ranks), kinds));
        }
        assert!(built_in("no such network").is_none());
    }

    #[test]
    fn bytes_read_back_and_bad_bytes_are_refused() {
        let network = built_in("chess").unwrap().network();
        let bytes = network.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(network));
        assert!(Network::from_bytes(&bytes[..bytes.len() - 4])
            .unwrap_err()
            .contains("weights"));
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("multiple"));
        assert!(Network::from_bytes(b"MQNN").unwrap_err().contains("header"));
        assert!(Network::from_bytes(b"chessnet")
            .unwrap_err()
            .contains("not a network"));
        let mut infinite = bytes.clone();
        let end = infinite.len();
        infinite[end - 4..].copy_from_slice(&f32::INFINITY.to_le_bytes());
        assert!(Network::from_bytes(&infinite).is_err());
    }
}
