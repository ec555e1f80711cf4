//! Trains the network that corrects a variant's classical evaluation (`rust/network.rs`) on
//! positions scored by a stronger engine, and writes it for `rust/networks/`:
//!
//! ```sh
//! python3 benches/selfplay_data.py --engine FSF --variant chess --depth 7 --games 10000 \
//!     --seed 11 > selfplay.tsv
//! cargo run --release --example nettrain -- chess selfplay.tsv rust/networks/chess.bin \
//!     --epochs 10 --scale 0.7
//! ```
//!
//! Each line of the data holds a FEN and the engine's score in centipawns for the side to move
//! (further columns are ignored); the lines should be shuffled, as the first twentieth is held
//! out. Positions of one game are alike, so the held-out ones flatter: `--test FILE`, positions
//! of other games, shows whether the fit generalises (and when more epochs start to overfit).
//! The network learns the difference between the engine's scores, times `--scale` (our
//! centipawns are smaller than Fairy-Stockfish's: 0.7 fits), and the classical evaluation
//! (the variant's without its network), as expected scores `1 / (1 + 10^(-cp / 400))`: mean
//! squared error, Adam in batches of [`BATCH`], the last quarter of the epochs at a tenth of
//! the rate, the input weights decayed a little each step. The same data give the same
//! network; `--seed N` trains a sibling (other first weights, other shuffles), as networks of
//! one recipe differ in strength by more than a short match shows. `--init NETWORK` goes on
//! training a network already made (such as the shipped one, on new positions) instead of
//! starting from small random weights, and says its losses before training; going on from
//! chess's network, two epochs (the second at a tenth of the rate) generalised best, more
//! overfit the games (benches/RESULTS.md, twenty-sixth round).

use meiriqi::catalog;
use meiriqi::eval::network::inputs_of;
use meiriqi::fen;
use meiriqi::network::{Network, HIDDEN, OUTPUT_CENTIPAWNS};
use meiriqi::Variant;

/// Centipawns a unit of the logistic's argument: `1 / (1 + 10^(-cp / 400))`.
const K: f32 = 173.7;
/// Positions a step.
const BATCH: usize = 1024;
/// Adam's step size.
const RATE: f32 = 1e-3;
/// The input weights' spread at the start (uniform, either way).
const INPUT_SPREAD: f32 = 0.01;
/// The output weights' spread at the start.
const OUTPUT_SPREAD: f32 = 0.1;
/// The share of each input weight taken away a step at the full rate.
const DECAY: f32 = 1e-4;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let options = Options::parse(&arguments).unwrap_or_else(|why| {
        fail(&format!(
            "{why}\nusage: nettrain VARIANT DATA OUT [--epochs N] [--scale S] [--seed N] [--test FILE] [--init NETWORK]"
        ))
    });
    let classical = without_network(&options.variant);
    let dims = classical.dimensions();
    let (files, ranks) = (usize::from(dims.files), usize::from(dims.ranks));
    let kinds = classical.rules().count();
    let mut network = match &options.init {
        Some(path) => start_from(path, files, ranks, kinds),
        None => initial(files, ranks, kinds, options.seed),
    };
    let mut data = Data::default();
    let samples = data.read(classical, &network, &options.data, options.scale);
    let outside = options
        .test
        .as_ref()
        .map(|path| data.read(classical, &network, path, options.scale));
    let (held, training) = samples.split_at(samples.len() / 20);
    eprintln!(
        "{} positions to train on, {} held out",
        training.len(),
        held.len()
    );
    if options.init.is_some() {
        let losses = data.losses(&network, held, outside.as_deref());
        eprintln!("before training: {losses}");
    }
    let mut trainer = Trainer::new(&network);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut random = XorShift::seeded(0x2545_F491_4F6C_DD1D, options.seed);
    for epoch in 0..options.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, random.next() as usize % (i + 1));
        }
        let rate = if epoch >= options.epochs * 3 / 4 {
            RATE / 10.0
        } else {
            RATE
        };
        for batch in order.chunks(BATCH) {
            trainer.step(
                &mut network,
                &data,
                batch.iter().map(|&i| &training[i]),
                rate,
            );
        }
        let losses = data.losses(&network, held, outside.as_deref());
        eprintln!("epoch {}: {losses}", epoch + 1);
    }
    if let Err(error) = std::fs::write(&options.out, network.to_bytes()) {
        fail(&format!("{}: {error}", options.out));
    }
}

/// What the command line asks for.
struct Options {
    variant: String,
    data: String,
    out: String,
    epochs: usize,
    scale: f32,
    /// Varies the first weights and the shuffles (0: those of the networks trained so far).
    seed: u64,
    test: Option<String>,
    /// A network to go on training instead of small random weights.
    init: Option<String>,
}

impl Options {
    fn parse(arguments: &[String]) -> Result<Options, String> {
        let [variant, data, out, rest @ ..] = arguments else {
            return Err("give a variant, the data and the file to write".into());
        };
        let mut options = Options {
            variant: variant.clone(),
            data: data.clone(),
            out: out.clone(),
            epochs: 10,
            scale: 1.0,
            seed: 0,
            test: None,
            init: None,
        };
        let mut rest = rest.iter();
        while let Some(flag) = rest.next() {
            let value = rest.next().ok_or(format!("{flag} needs a value"))?;
            let bad = || format!("{flag} {value}: not a number");
            match flag.as_str() {
                "--epochs" => options.epochs = value.parse().map_err(|_| bad())?,
                "--scale" => options.scale = value.parse().map_err(|_| bad())?,
                "--seed" => options.seed = value.parse().map_err(|_| bad())?,
                "--test" => options.test = Some(value.clone()),
                "--init" => options.init = Some(value.clone()),
                _ => return Err(format!("unknown option {flag}")),
            }
        }
        Ok(options)
    }
}

/// Prints `message` and ends with status 2.
fn fail(message: &str) -> ! {
    eprintln!("nettrain: {message}");
    std::process::exit(2);
}

/// The built-in variant `name` without its `[evaluation] network`: the evaluation the
/// network corrects.
fn without_network(name: &str) -> &'static Variant {
    let text = catalog::built_in_file(name)
        .unwrap_or_else(|| fail(&format!("no built-in variant {name:?}")));
    let kept: String = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("network ="))
        .map(|line| format!("{line}\n"))
        .collect();
    let variant = catalog::read(&kept, name).expect("the built-in file without its network");
    Box::leak(Box::new(variant))
}

/// A network with small random weights (the same for the same `seed`).
fn initial(files: usize, ranks: usize, kinds: usize, seed: u64) -> Network {
    let mut random = XorShift::seeded(0x9E37_79B9_7F4A_7C15, seed);
    let mut spread =
        |n: usize, spread: f32| -> Vec<f32> { (0..n).map(|_| random.uniform() * spread).collect() };
    let inputs = 2 * kinds * ranks * files;
    Network {
        files,
        ranks,
        kinds,
        input_weights: spread(inputs * HIDDEN, INPUT_SPREAD),
        input_bias: vec![0.1; HIDDEN],
        output_weights: spread(2 * HIDDEN, OUTPUT_SPREAD),
        output_bias: 0.0,
    }
}

/// The network in the file at `path`, to go on training: it must be laid out for a board of
/// `files` by `ranks` with `kinds` kinds.
fn start_from(path: &str, files: usize, ranks: usize, kinds: usize) -> Network {
    let network = std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|bytes| Network::from_bytes(&bytes))
        .unwrap_or_else(|e| fail(&format!("--init {path}: {e}")));
    if !network.fits(files, ranks, kinds) {
        fail(&format!(
            "--init {path}: laid out for {}x{} with {} kinds, not {files}x{ranks} with {kinds}",
            network.files, network.ranks, network.kinds
        ));
    }
    network
}

/// A xorshift generator: the shuffles and the first weights.
struct XorShift(u64);

impl XorShift {
    /// A generator from `base` varied by `seed` (never zero, which would stay zero).
    fn seeded(base: u64, seed: u64) -> XorShift {
        XorShift((base ^ seed.wrapping_mul(0xD1B5_4A32_D192_ED03)).max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number between -1 and 1.
    fn uniform(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A position to learn: its inputs (a range of [`Data::inputs`], the side to move's view
/// first), the expected score to reach and the classical evaluation's centipawns.
struct Sample {
    start: usize,
    own: usize,
    other: usize,
    target: f32,
    classical: f32,
}

/// The inputs of every position read.
#[derive(Default)]
struct Data {
    inputs: Vec<u16>,
}

impl Data {
    /// The positions of the file at `path`, each scored times `scale`.
    fn read(
        &mut self,
        variant: &'static Variant,
        network: &Network,
        path: &str,
        scale: f32,
    ) -> Vec<Sample> {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let mut samples = Vec::new();
        let mut classical_loss = 0.0;
        for (number, line) in text.lines().enumerate() {
            let at = |why: String| -> ! { fail(&format!("{path}, line {}: {why}", number + 1)) };
            let mut fields = line.split('\t');
            let (Some(text), Some(score)) = (fields.next(), fields.next()) else {
                at("no tab between the FEN and its score".into());
            };
            let position =
                fen::parse(variant, text).unwrap_or_else(|e| at(format!("the FEN: {e}")));
            let score: f32 = score
                .parse()
                .unwrap_or_else(|_| at(format!("{score:?}: not a number")));
            let target = sigmoid(score * scale / K);
            let classical = meiriqi::eval::evaluate(&position) as f32;
            classical_loss += f64::from((sigmoid(classical / K) - target).powi(2));
            let start = self.inputs.len();
            let turn = position.turn();
            inputs_of(network, &position, turn, |input| {
                self.inputs.push(input as u16)
            });
            let own = self.inputs.len() - start;
            inputs_of(network, &position, turn.opponent(), |i| {
                self.inputs.push(i as u16)
            });
            let other = self.inputs.len() - start - own;
            samples.push(Sample {
                start,
                own,
                other,
                target,
                classical,
            });
        }
        eprintln!(
            "{path}: {} positions, loss of the classical evaluation {:.6}",
            samples.len(),
            classical_loss / samples.len().max(1) as f64
        );
        samples
    }

    /// The inputs of `sample`'s two views.
    fn views<'a>(&'a self, sample: &Sample) -> [&'a [u16]; 2] {
        let middle = sample.start + sample.own;
        [
            &self.inputs[sample.start..middle],
            &self.inputs[middle..middle + sample.other],
        ]
    }

    /// The hidden units' sums of `sample` (before clipping), for each view.
    fn sums(&self, network: &Network, sample: &Sample) -> [[f32; HIDDEN]; 2] {
        self.views(sample).map(|inputs| {
            let mut sums: [f32; HIDDEN] = network.input_bias[..].try_into().expect("HIDDEN biases");
            for &input in inputs {
                let row = &network.input_weights[usize::from(input) * HIDDEN..][..HIDDEN];
                sums.iter_mut().zip(row).for_each(|(sum, w)| *sum += w);
            }
            sums
        })
    }

    /// The expected score `network` gives `sample`, from the hidden sums.
    fn expected(network: &Network, sample: &Sample, sums: &[[f32; HIDDEN]; 2]) -> f32 {
        let out: f32 = network.output_bias
            + sums
                .iter()
                .flatten()
                .zip(&network.output_weights)
                .map(|(sum, w)| sum.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        sigmoid((out * OUTPUT_CENTIPAWNS + sample.classical) / K)
    }

    /// The losses of `network` on the `held` out positions and on the `outside` ones, in words.
    fn losses(&self, network: &Network, held: &[Sample], outside: Option<&[Sample]>) -> String {
        let outside = outside.map_or(String::new(), |set| {
            format!(", other games {:.6}", self.loss(network, set))
        });
        format!("loss held out {:.6}{outside}", self.loss(network, held))
    }

    /// The mean squared error of `network`'s expected scores on `set`.
    fn loss(&self, network: &Network, set: &[Sample]) -> f64 {
        let total: f64 = set
            .iter()
            .map(|sample| {
                let expected = Data::expected(network, sample, &self.sums(network, sample));
                f64::from((expected - sample.target).powi(2))
            })
            .sum();
        total / set.len().max(1) as f64
    }
}

/// Adam's moments for every weight, with the gradients of a batch.
struct Trainer {
    /// By weight (input weights, biases, output weights, output bias): the batch's gradient
    /// and Adam's first and second moments.
    gradients: Vec<f32>,
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Trainer {
    fn new(network: &Network) -> Trainer {
        let n = network.input_weights.len() + 3 * HIDDEN + 1;
        Trainer {
            gradients: vec![0.0; n],
            first: vec![0.0; n],
            second: vec![0.0; n],
            steps: 0,
        }
    }

    /// One step of Adam on the gradient of `batch`'s mean squared error.
    fn step<'a>(
        &mut self,
        network: &mut Network,
        data: &Data,
        batch: impl ExactSizeIterator<Item = &'a Sample>,
        rate: f32,
    ) {
        self.gradients.iter_mut().for_each(|g| *g = 0.0);
        let size = batch.len() as f32;
        let inputs = network.input_weights.len();
        for sample in batch {
            let sums = data.sums(network, sample);
            let expected = Data::expected(network, sample, &sums);
            let d_out =
                2.0 * (expected - sample.target) * expected * (1.0 - expected) * OUTPUT_CENTIPAWNS
                    / K
                    / size;
            let (input_grads, rest) = self.gradients.split_at_mut(inputs);
            let (bias_grads, rest) = rest.split_at_mut(HIDDEN);
            let (output_grads, rest) = rest.split_at_mut(2 * HIDDEN);
            rest[0] += d_out;
            for (half, view) in data.views(sample).into_iter().enumerate() {
                let mut d_sums = [0f32; HIDDEN];
                for (h, d_sum) in d_sums.iter_mut().enumerate() {
                    let sum = sums[half][h];
                    output_grads[half * HIDDEN + h] += d_out * sum.clamp(0.0, 1.0);
                    if sum > 0.0 && sum < 1.0 {
                        *d_sum = d_out * network.output_weights[half * HIDDEN + h];
                    }
                }
                bias_grads
                    .iter_mut()
                    .zip(&d_sums)
                    .for_each(|(g, d)| *g += d);
                for &input in view {
                    let row = &mut input_grads[usize::from(input) * HIDDEN..][..HIDDEN];
                    row.iter_mut().zip(&d_sums).for_each(|(g, d)| *g += d);
                }
            }
        }
        self.steps += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let (c1, c2) = (1.0 - b1.powi(self.steps), 1.0 - b2.powi(self.steps));
        let decay = DECAY * rate / RATE;
        let weights = network.input_weights.iter_mut().map(|w| (w, decay));
        let weights = weights.chain(network.input_bias.iter_mut().map(|w| (w, 0.0)));
        let weights = weights.chain(network.output_weights.iter_mut().map(|w| (w, 0.0)));
        let weights = weights.chain([(&mut network.output_bias, 0.0)]);
        for (i, (weight, decay)) in weights.enumerate() {
            let g = self.gradients[i];
            self.first[i] = b1 * self.first[i] + (1.0 - b1) * g;
            self.second[i] = b2 * self.second[i] + (1.0 - b2) * g * g;
            *weight -= rate * (self.first[i] / c1) / ((self.second[i] / c2).sqrt() + 1e-8);
            *weight -= *weight * decay;
        }
    }
}
