/**
 * A synthetic single-lead ECG from the dynamical model of McSharry, Clifford, Tarassenko and Smith,
 * "A dynamical model for generating synthetic electrocardiogram signals", IEEE Trans. Biomed. Eng.
 * 50(3), 2003 (the ECGSYN model). Three coupled ODEs:
 *
 *   dx/dt = α·x − ω·y,   dy/dt = α·y + ω·x,   α = 1 − √(x² + y²)
 *   dz/dt = −Σᵢ aᵢ·Δθᵢ·exp(−Δθᵢ² / 2bᵢ²) − (z − z₀(t)),   Δθᵢ = (θ − θᵢ) mod 2π,  θ = atan2(y, x)
 *
 * with i ∈ {P, Q, R, S, T}, ω = 2π / RR (RR from an interval process with an LF/HF spectrum) and
 * z₀ the respiratory baseline wander. The (x, y) pair is a limit cycle: in polar form it reads
 * dr/dt = r(1 − r), dθ/dt = ω, so a trajectory started on the circle stays on it and θ advances by
 * exactly ω·h a step. The generator uses that exact solution for (x, y) and integrates z by a
 * fixed-step fourth-order Runge–Kutta at the sample rate (`ecgReferenceCartesian` integrates all
 * three equations in Cartesian form; the unit tests check the two agree). z is scaled to µV, with a
 * slow baseline drift and small noise added, and clamped to the Int16 range.
 *
 * Arrhythmic episodes: atrial fibrillation (irregularly irregular RR, no P wave, fibrillatory
 * waves), premature ventricular beats (early, wide QRS, discordant T, compensatory pause),
 * tachycardia and bradycardia runs. Everything comes from one seeded generator: the same options
 * give the same samples. Allocation-light: one Int16Array for the output, a few numbers a beat, so
 * 24 hours at 250 Hz (21.6 M samples) take a couple of seconds.
 *
 * No imports: the simulator, the demo data and the bench share it.
 */

export type EcgEpisodeKind = 'af' | 'pvc' | 'tachycardia' | 'bradycardia';

export interface EcgEpisode {
  kind: EcgEpisodeKind;
  /** From the start of the recording, in ms; a PVC is one beat (end = start). */
  startMs: number;
  endMs: number;
}

/** An episode asked for: a run (af, tachycardia, bradycardia) or one premature ventricular beat. */
export interface EcgEpisodeRequest {
  kind: EcgEpisodeKind;
  /** Seconds from the start. */
  atS: number;
  /** Seconds (ignored for a PVC). */
  durationS?: number;
  /** The run's heart rate (tachycardia, bradycardia, af mean rate). */
  heartRate?: number;
}

export interface EcgOptions {
  durationS: number;
  /** Mean sinus heart rate, bpm (default 72). */
  heartRate?: number;
  /** Samples a second (default 250). */
  sampleRate?: number;
  seed?: number;
  /** Standard deviation of the sinus heart rate, bpm (heart-rate variability; default 2). */
  heartRateStd?: number;
  /** LF/HF power ratio of the RR process (default 0.5). */
  lfHfRatio?: number;
  /** R-wave height, µV (default 1000). */
  amplitudeUv?: number;
  /** Noise standard deviation, µV (default 8). */
  noiseUv?: number;
  /** Respiratory baseline wander and slow drift (default true). */
  wander?: boolean;
  /** Explicit episodes. */
  episodes?: readonly EcgEpisodeRequest[];
  /** Scattered premature ventricular beats, per minute of sinus rhythm (default 0). */
  pvcPerMinute?: number;
}

export interface EcgResult {
  sampleRate: number;
  /** µV, Int16 range. */
  samples: Int16Array;
  /** Mean heart rate over the recording, bpm (R waves counted). */
  heartRate: number;
  /** The beats (R waves) in the recording. */
  beats: number;
  episodes: EcgEpisode[];
}

/* ---------------------------------------------------------------- seeded randomness */

/** mulberry32: a small, fast seeded PRNG; returns floats in [0, 1). */
export function ecgRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* ---------------------------------------------------------------- the model's parameters */

const DEG = Math.PI / 180;
/** ECGSYN's P, Q, R, S, T: angles (deg), amplitudes, widths (rad). */
const SINUS = {
  theta: [-70, -15, 0, 15, 100],
  a: [1.2, -5, 30, -7.5, 0.75],
  b: [0.25, 0.1, 0.1, 0.1, 0.4],
};
/** A premature ventricular beat: no P, a wide QRS of about 1.5 × the R height, inverted T. */
const PVC = {
  theta: [-70, -25, 0, 25, 100],
  a: [0, -1.2, 7.2, -3.5, -0.9],
  b: [0.25, 0.2, 0.25, 0.25, 0.45],
};
/** Atrial fibrillation: sinus QRS and T, no P wave. */
const AF = { theta: SINUS.theta, a: [0, ...SINUS.a.slice(1)], b: SINUS.b };
type BeatShape = typeof SINUS;

/**
 * Model units → µV for R = 1000 µV: z's excursion over a wave is about a·b²/ω, and with ECGSYN's
 * heart-rate scaling of the widths (b ∝ √(HR/60)) that does not depend on the rate.
 */
const UV_PER_UNIT = 1000 / ((SINUS.a[2]! * SINUS.b[2]! ** 2) / (2 * Math.PI));

/** Fill `theta`, `a`, `b` (typed arrays of 5) for a beat at `hr` bpm (ECGSYN's rate scaling). */
function shapeBeat(
  shape: BeatShape,
  hr: number,
  theta: Float64Array,
  a: Float64Array,
  b: Float64Array,
): void {
  const f = Math.sqrt(hr / 60);
  const f2 = Math.sqrt(f);
  const thetaScale = [f2, f, 1, f, f2];
  for (let i = 0; i < 5; i++) {
    theta[i] = shape.theta[i]! * DEG * thetaScale[i]!;
    a[i] = shape.a[i]!;
    b[i] = shape.b[i]! * f;
  }
}

/** Σ −aᵢ·Δθᵢ·exp(−Δθᵢ²/2bᵢ²): the z forcing at phase `th`. Gaussians beyond ~5 widths are skipped. */
function forcing(th: number, theta: Float64Array, a: Float64Array, inv2b2: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < 5; i++) {
    let d = th - theta[i]!;
    if (d > Math.PI) d -= 2 * Math.PI;
    else if (d < -Math.PI) d += 2 * Math.PI;
    const e = d * d * inv2b2[i]!;
    if (e < 14) sum -= a[i]! * d * Math.exp(-e);
  }
  return sum;
}

/* ---------------------------------------------------------------- the RR process */

/**
 * RR intervals with the model's bimodal spectrum: Mayer waves (LF, 0.1 Hz) and respiratory sinus
 * arrhythmia (HF, 0.25 Hz), each a band of sinusoids around its centre (σ 0.01 Hz) with random
 * phases, LF:HF power as asked; evaluated at each beat's start.
 */
class RrProcess {
  private readonly freq: Float64Array;
  private readonly amp: Float64Array;
  private readonly phase: Float64Array;

  constructor(rand: () => number, rrStdS: number, lfHfRatio: number) {
    const perBand = 8;
    this.freq = new Float64Array(2 * perBand);
    this.amp = new Float64Array(2 * perBand);
    this.phase = new Float64Array(2 * perBand);
    const lfPower = (rrStdS * rrStdS * lfHfRatio) / (1 + lfHfRatio);
    const hfPower = (rrStdS * rrStdS) / (1 + lfHfRatio);
    for (let k = 0; k < 2 * perBand; k++) {
      const lf = k < perBand;
      const gauss = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
      this.freq[k] = (lf ? 0.1 : 0.25) + 0.01 * gauss;
      // A sinusoid of amplitude A has power A²/2: the band's power shared by its components.
      this.amp[k] = Math.sqrt((2 * (lf ? lfPower : hfPower)) / perBand);
      this.phase[k] = 2 * Math.PI * rand();
    }
  }

  /** The deviation from the mean RR at time t (s). */
  at(t: number): number {
    let v = 0;
    for (let k = 0; k < this.freq.length; k++)
      v += this.amp[k]! * Math.sin(2 * Math.PI * this.freq[k]! * t + this.phase[k]!);
    return v;
  }
}

/* ---------------------------------------------------------------- the generator */

const INT16_MAX = 32767;

/** Episodes of a long recording, at random times: a few runs of each kind asked for. */
export function randomEcgEpisodes(
  seed: number,
  durationS: number,
  counts: { af?: number; tachycardia?: number; bradycardia?: number; pvc?: number },
): EcgEpisodeRequest[] {
  const rand = ecgRandom(seed ^ 0x5bd1e995);
  const out: EcgEpisodeRequest[] = [];
  const runLength: Record<EcgEpisodeKind, [number, number]> = {
    af: [60, 1200],
    tachycardia: [15, 300],
    bradycardia: [30, 600],
    pvc: [0, 0],
  };
  for (const kind of ['af', 'tachycardia', 'bradycardia', 'pvc'] as const) {
    for (let i = 0; i < (counts[kind] ?? 0); i++) {
      const [lo, hi] = runLength[kind];
      const len = Math.min(durationS / 4, lo + rand() * (hi - lo));
      out.push({ kind, atS: rand() * Math.max(0, durationS - len), durationS: len });
    }
  }
  return out.sort((x, y) => x.atS - y.atS);
}

/**
 * The rhythm, beat by beat: which episode a beat falls in, its RR interval, its shape. Called once
 * a beat, so it may be plain; the sample loop in generateEcg is the hot part.
 */
class Rhythm {
  readonly theta = new Float64Array(5);
  readonly a = new Float64Array(5);
  readonly inv2b2 = new Float64Array(5);
  readonly episodes: EcgEpisode[] = [];
  /** The current beat's kind. */
  af = false;
  private readonly b = new Float64Array(5);
  private readonly rr: RrProcess;
  private readonly runs: (EcgEpisodeRequest & { endS: number; recorded: boolean })[];
  private readonly pvcAt: number[];
  private nextPvc = 0;
  private nextRun = 0;
  /** A PVC's compensatory pause, added to the next RR. */
  private carry = 0;

  constructor(
    private readonly rand: () => number,
    private readonly opts: EcgOptions,
    private readonly hrMean: number,
  ) {
    this.rr = new RrProcess(
      rand,
      (60 * (opts.heartRateStd ?? 2)) / (hrMean * hrMean),
      opts.lfHfRatio ?? 0.5,
    );
    const asked = opts.episodes ?? [];
    this.runs = asked
      .filter((e) => e.kind !== 'pvc')
      .map((e) => ({ ...e, endS: e.atS + (e.durationS ?? 30), recorded: false }))
      .sort((x, y) => x.atS - y.atS);
    this.pvcAt = asked
      .filter((e) => e.kind === 'pvc')
      .map((e) => e.atS)
      .sort((x, y) => x - y);
  }

  private runAt(t: number) {
    while (this.nextRun < this.runs.length && this.runs[this.nextRun]!.endS <= t) this.nextRun++;
    for (let k = this.nextRun; k < this.runs.length; k++) {
      const r = this.runs[k]!;
      if (r.atS > t) break;
      if (t < r.endS) return r;
    }
    return null;
  }

  /** Start the beat at time t (s): set its shape and return its RR interval (s). */
  beat(t: number): number {
    const { rand, opts, hrMean } = this;
    const run = this.runAt(t);
    if (run && !run.recorded) {
      run.recorded = true;
      this.episodes.push({
        kind: run.kind,
        startMs: Math.round(run.atS * 1000),
        endMs: Math.round(Math.min(run.endS, opts.durationS) * 1000),
      });
    }
    let interval: number;
    let hr: number;
    let shape = SINUS;
    if (run?.kind === 'af') {
      hr = run.heartRate ?? 110;
      // Irregularly irregular: RR uniform over ±45 % of the mean, no memory.
      interval = (60 / hr) * (0.55 + 0.9 * rand());
      shape = AF;
      this.carry = 0;
    } else {
      hr =
        run?.kind === 'tachycardia'
          ? (run.heartRate ?? 155)
          : run?.kind === 'bradycardia'
            ? (run.heartRate ?? 42)
            : hrMean;
      interval = (60 / hr) * (1 + (this.rr.at(t) * hrMean) / 60);
      const explicitPvc =
        this.nextPvc < this.pvcAt.length && this.pvcAt[this.nextPvc]! <= t + interval;
      const pvcChance = (opts.pvcPerMinute ?? 0) / 60;
      if (this.carry === 0 && (explicitPvc || (pvcChance > 0 && rand() < pvcChance * interval))) {
        if (explicitPvc) this.nextPvc++;
        // Early (60–70 % of the RR), then a fully compensatory pause.
        const early = interval * (0.6 + 0.1 * rand());
        this.carry = interval - early;
        interval = early;
        shape = PVC;
        const rMs = Math.round((t + interval / 2) * 1000);
        this.episodes.push({ kind: 'pvc', startMs: rMs, endMs: rMs });
      } else {
        interval += this.carry;
        this.carry = 0;
      }
    }
    this.af = shape === AF;
    const { theta, a, b, inv2b2 } = this;
    shapeBeat(shape, hr, theta, a, b);
    // A wave's height is about a·b²/ω: a beat shorter or longer than its rate's RR (AF, a PVC,
    // HRV) keeps its waves' heights by scaling a with ω.
    const heightFix = 60 / hr / interval;
    for (let i = 0; i < 5; i++) {
      a[i] = a[i]! * heightFix;
      inv2b2[i] = 1 / (2 * b[i]! * b[i]!);
    }
    return interval;
  }
}

/**
 * Generate `durationS` seconds of ECG. Deterministic for a given seed; exactly
 * round(durationS × sampleRate) samples.
 */
export function generateEcg(opts: EcgOptions): EcgResult {
  const fs = opts.sampleRate ?? 250;
  const n = Math.round(opts.durationS * fs);
  const h = 1 / fs;
  const rand = ecgRandom(opts.seed ?? 1);
  const noise = (opts.noiseUv ?? 8) * 2.45; // σ of (u₁ + u₂ − 1) is 1/√6
  const scale = (UV_PER_UNIT * (opts.amplitudeUv ?? 1000)) / 1000;
  const rhythm = new Rhythm(rand, opts, opts.heartRate ?? 72);
  const { theta, a, inv2b2 } = rhythm;

  // Baseline: z₀ is respiration (0.25 Hz), through the model's −(z − z₀) term; a slow drift
  // (0.03 Hz) is added to the output. Both are rotating phasors: no sin a sample.
  const wander = opts.wander ?? true;
  const z0Unit = wander ? (40 + 40 * rand()) / UV_PER_UNIT : 0;
  const driftUv = wander ? 60 + 60 * rand() : 0;
  const rStep = (2 * Math.PI * 0.25 * h) / 2;
  const rc = Math.cos(rStep);
  const rs = Math.sin(rStep);
  const dStep = 2 * Math.PI * 0.03 * h;
  const dc = Math.cos(dStep);
  const ds = Math.sin(dStep);
  const rPhase = 2 * Math.PI * rand();
  const dPhase = 2 * Math.PI * rand();
  let rx = Math.cos(rPhase);
  let ry = Math.sin(rPhase);
  let dx = Math.cos(dPhase);
  let dy = Math.sin(dPhase);

  // Fibrillatory waves during AF: ~40 µV at a frequency wandering over 4–8 Hz.
  let fPhase = 0;
  let fFreq = 6;

  let th = -Math.PI;
  let z = 0;
  let t = 0;
  let omega = (2 * Math.PI) / rhythm.beat(0);
  let af = rhythm.af;
  /** The forcing at θ (the last step's end value; recomputed when a beat starts). */
  let fNow = forcing(th, theta, a, inv2b2);
  let beats = 0;
  let firstR = -1;
  let lastR = -1;

  const samples = new Int16Array(n);
  for (let s = 0; s < n; s++) {
    // RK4 on z; θ exact (ω is constant within a beat). z₀ at t, t + h/2, t + h: the
    // respiration phasor turns by h/2 twice.
    const dth = omega * h;
    const za = z0Unit * ry;
    let nx = rx * rc - ry * rs;
    ry = rx * rs + ry * rc;
    rx = nx;
    const zb = z0Unit * ry;
    nx = rx * rc - ry * rs;
    ry = rx * rs + ry * rc;
    rx = nx;
    const zc = z0Unit * ry;
    const fb = forcing(th + dth / 2, theta, a, inv2b2);
    const fc = forcing(th + dth, theta, a, inv2b2);
    const k1 = fNow - (z - za);
    const k2 = fb - (z + (h / 2) * k1 - zb);
    const k3 = fb - (z + (h / 2) * k2 - zb);
    const k4 = fc - (z + h * k3 - zc);
    z += (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
    fNow = fc;

    // The R wave: θ crosses 0.
    if (th < 0 && th + dth >= 0) {
      beats++;
      if (firstR < 0) firstR = t;
      lastR = t;
    }
    th += dth;
    t += h;
    if (th >= Math.PI) {
      th -= 2 * Math.PI;
      omega = (2 * Math.PI) / rhythm.beat(t);
      af = rhythm.af;
      fNow = forcing(th, theta, a, inv2b2);
    }

    // Slow drift (phasor at 0.03 Hz) and noise (triangular: the sum of two uniforms).
    nx = dx * dc - dy * ds;
    dy = dx * ds + dy * dc;
    dx = nx;
    let uv = z * scale + driftUv * dy + noise * (rand() + rand() - 1);
    if (af) {
      fPhase += 2 * Math.PI * fFreq * h;
      if (fPhase > 2 * Math.PI) {
        fPhase -= 2 * Math.PI;
        fFreq = 4 + 4 * rand();
      }
      uv += 40 * Math.sin(fPhase);
    }
    samples[s] = uv > INT16_MAX ? INT16_MAX : uv < -INT16_MAX ? -INT16_MAX : Math.round(uv);
  }

  const heartRate =
    beats >= 2 && lastR > firstR
      ? (60 * (beats - 1)) / (lastR - firstR)
      : (60 * beats) / Math.max(opts.durationS, 1e-9);
  return { sampleRate: fs, samples, heartRate, beats, episodes: rhythm.episodes };
}

/**
 * The same model with all three equations integrated by RK4 in Cartesian form (atan2 each
 * evaluation), sinus rhythm at a constant rate, no noise or drift: the reference the tests compare
 * the fast generator with. Returns z in µV (Float64Array).
 */
export function ecgReferenceCartesian(
  durationS: number,
  heartRate: number,
  fs = 250,
): Float64Array {
  const n = Math.round(durationS * fs);
  const h = 1 / fs;
  const theta = new Float64Array(5);
  const a = new Float64Array(5);
  const b = new Float64Array(5);
  const inv2b2 = new Float64Array(5);
  shapeBeat(SINUS, heartRate, theta, a, b);
  for (let i = 0; i < 5; i++) inv2b2[i] = 1 / (2 * b[i]! * b[i]!);
  const omega = (2 * Math.PI * heartRate) / 60;
  const f = (x: number, y: number, z: number, out: Float64Array) => {
    const alpha = 1 - Math.sqrt(x * x + y * y);
    out[0] = alpha * x - omega * y;
    out[1] = alpha * y + omega * x;
    out[2] = forcing(Math.atan2(y, x), theta, a, inv2b2) - z;
  };
  const k1 = new Float64Array(3);
  const k2 = new Float64Array(3);
  const k3 = new Float64Array(3);
  const k4 = new Float64Array(3);
  let x = -1;
  let y = 0;
  let z = 0;
  const out = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    f(x, y, z, k1);
    f(x + (h / 2) * k1[0]!, y + (h / 2) * k1[1]!, z + (h / 2) * k1[2]!, k2);
    f(x + (h / 2) * k2[0]!, y + (h / 2) * k2[1]!, z + (h / 2) * k2[2]!, k3);
    f(x + h * k3[0]!, y + h * k3[1]!, z + h * k3[2]!, k4);
    x += (h / 6) * (k1[0]! + 2 * k2[0]! + 2 * k3[0]! + k4[0]!);
    y += (h / 6) * (k1[1]! + 2 * k2[1]! + 2 * k3[1]! + k4[1]!);
    z += (h / 6) * (k1[2]! + 2 * k2[2]! + 2 * k3[2]! + k4[2]!);
    out[s] = z * UV_PER_UNIT;
  }
  return out;
}
