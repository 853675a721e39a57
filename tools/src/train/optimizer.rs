//! Adam over the flat parameter vector, and the learning-rate schedule.

/// The learning rate over the run.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Schedule {
    /// The same rate throughout.
    Constant,
    /// Cosine decay from the base rate to a hundredth of it at the end.
    Cosine,
    /// The rate times `gamma` every `every` epochs.
    Step {
        /// Epochs between drops.
        every: usize,
        /// The factor of each drop.
        gamma: f32,
    },
}

impl Schedule {
    /// The rate at `progress` epochs (a fraction within an epoch) of `total`.
    pub fn rate(&self, base: f32, progress: f64, total: usize) -> f32 {
        match *self {
            Schedule::Constant => base,
            Schedule::Cosine => {
                let t = (progress / total.max(1) as f64).clamp(0.0, 1.0);
                let floor = 0.01;
                let c = 0.5 * (1.0 + (std::f64::consts::PI * t).cos());
                base * (floor + (1.0 - floor) * c) as f32
            }
            Schedule::Step { every, gamma } => {
                let drops = (progress as usize) / every.max(1);
                base * gamma.powi(drops.min(i32::MAX as usize) as i32)
            }
        }
    }
}

/// Adam's state: first and second moments per parameter and the step count.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// The first moments.
    pub m: Vec<f32>,
    /// The second moments.
    pub v: Vec<f32>,
    /// Steps taken.
    pub t: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl Adam {
    /// Fresh state for `n` parameters.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step of `params` against `grad` at rate `lr`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        self.t += 1;
        let t = self.t.min(i32::MAX as u64) as i32;
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        let step = lr * c2.sqrt() / c1;
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(self.m.iter_mut())
            .zip(self.v.iter_mut())
        {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p -= step * *m / (v.sqrt() + EPSILON);
        }
    }
}
