// The fit behind the fair price (fair-price.ts): log price on model year and mileage, centred on the
// vehicle judged (so the intercept is its estimate), with a shrunk effect per trim, made robust in
// every direction (issue 61): Tukey's bisquare weights from a robust start (a "$1" placeholder that
// got past the floor, a salvage car listed as clean, a payment shown as a price weigh nothing once
// they stand out), Mallows' bound on each point's leverage (the one car of its year or mileage cannot
// bend the slopes through itself), and a spread from the weighted residuals (a point set aside
// widens nothing). Pure.

/** One comparable: `y` its log price; `year` and `miles` (in 10,000s) relative to the target's. */
export interface FitPoint {
  y: number;
  year: number;
  miles: number;
  /** Its trim, normalised; '' when unknown (no effect of its own). */
  group: string;
}

export interface Fit {
  /** The fitted log price of the target's year and mileage, before its trim's effect. */
  intercept: number;
  /** Log price per model year newer, and per 10,000 miles. */
  perYear: number;
  perTenThousandMiles: number;
  /** Each trim's effect on log price, shrunk toward none (trim '' absent: no effect). */
  groups: Map<string, number>;
  /** The residuals' robust standard deviation (log price). */
  scale: number;
  /** Points with any weight left: the comparables the fit rests on. */
  used: number;
  /** How unsure the intercept is, as a share of the spread squared (1/n among n cars alike). */
  interceptVariance: number;
  /** For each point given, whether the fit rests on it (false: set aside as unusual). */
  kept: boolean[];
}

/** What a slope is drawn toward where the cars seen do not tell it (all one year, one mileage). */
const PRIOR_PER_YEAR = 0.08;
const PRIOR_PER_TEN_THOUSAND_MILES = -0.04;
/** The priors' weight, in comparables at one unit's spread: the data outweigh them quickly. */
const PRIOR_WEIGHT = 2;
/** A trim's effect counts as many cars of no effect: three of a trim give it half its mean. */
const TRIM_SHRINK = 3;
/** Tukey's bisquare constant (95 % efficiency on normal residuals). */
const BISQUARE = 4.685;
/** A point further than this from the median log price (x3 or ÷3) is never a comparable's price. */
const GROSS = Math.log(3);
/** The residuals' scale for the weights never reads below this (4 %): a handful of near-identical
 * prices would otherwise set ordinary ones aside, and one card more would bring them all back. */
const MIN_SCALE = 0.04;
const ROUNDS = 12;
/** The market's spread never reads below this (5 %): cars of one model, year and mileage still differ
 * by condition and options by at least that, and a handful of near-identical prices would otherwise
 * make bands so narrow that any one more card moves a rating by several (fair-price.test.ts). */
const MIN_SPREAD = 0.05;
/** Mallows' bound on a point's leverage (its hat value over the mean's, 3/n): a point far from the
 * others in year and mileage counts down to this many average points. */
const LEVERAGE_BOUND = 2;
/** The weighted spread under-reads a heavy-tailed market's (the weights shrink its tails): this
 * brings the 80 % range back to holding about 8 in 10 held-back real prices (bench:price). */
const SPREAD_FACTOR = 1.45;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Solves a 3x3 system (Gaussian elimination with pivoting); null when it is singular. */
function solve3(a: number[][], b: number[]): number[] | null {
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let r = col + 1; r < 3; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < 3; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c < 4; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return [0, 1, 2].map((i) => m[i]![3]! / m[i]![i]!);
}

/** Each trim's total weight. */
function sums(points: readonly FitPoint[], weights: readonly number[]): Map<string, number> {
  const totals = new Map<string, number>();
  points.forEach((p, i) => {
    if (p.group) totals.set(p.group, (totals.get(p.group) ?? 0) + (weights[i] as number));
  });
  return totals;
}

/**
 * Each point's leverage weight: min(1, bound / (its hat value × n / 3)), from the design (1, year,
 * miles) with the priors; a point where no other stands (the one car of a model year, the one
 * mileage far from the rest) decides its own fit, so its say is bounded whatever its price.
 */
function leverageWeights(points: readonly FitPoint[]): number[] {
  const a = [
    [0, 0, 0],
    [0, PRIOR_WEIGHT, 0],
    [0, 0, PRIOR_WEIGHT],
  ];
  for (const p of points) {
    const x = [1, p.year, p.miles];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) a[r]![c]! += x[r]! * x[c]!;
  }
  const mean = 3 / points.length;
  // The design's inverse, once (its columns from three solves): each hat value is then x' A⁻¹ x.
  const columns = [0, 1, 2].map((c) =>
    solve3(
      a,
      [0, 1, 2].map((r) => (r === c ? 1 : 0)),
    ),
  );
  if (columns.some((col) => !col)) return points.map(() => 1);
  const inverse = columns as number[][];
  return points.map((p) => {
    const x = [1, p.year, p.miles];
    let hat = 0;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) hat += x[r]! * (inverse[c]![r] as number) * x[c]!;
    return Math.min(1, (LEVERAGE_BOUND * mean) / Math.max(hat, 1e-12));
  });
}

/** Tukey's bisquare weight of each residual, at the residuals' own robust scale. */
function bisquare(errors: readonly number[]): number[] {
  const scale = Math.max(MIN_SCALE, 1.4826 * median(errors.map(Math.abs)));
  return errors.map((e) => {
    const u = e / (BISQUARE * scale);
    return Math.abs(u) < 1 ? (1 - u * u) ** 2 : 0;
  });
}

/** The robust fit of `all`; null when too few stand after the unusual ones are set aside. */
export function robustFit(all: readonly FitPoint[]): Fit | null {
  const middle = median(all.map((p) => p.y));
  const inBounds = all.map((p) => Math.abs(p.y - middle) <= GROSS);
  const points = all.filter((_, i) => inBounds[i]);
  if (points.length < 3) return null;
  const leverage = leverageWeights(points);
  let interceptVariance = 1;
  let beta = [middle, PRIOR_PER_YEAR, PRIOR_PER_TEN_THOUSAND_MILES];
  let groups = new Map<string, number>();
  const effect = (p: FitPoint) => groups.get(p.group) ?? 0;
  const predict = (p: FitPoint) => beta[0]! + beta[1]! * p.year + beta[2]! * p.miles + effect(p);
  // The first weights from a robust start (the median price, the priors' slopes), not from a plain
  // least-squares fit: a point of its own year and mileage would bend that fit through itself and
  // keep its weight in every round after.
  const start = points.map((p) => p.y - predict(p));
  const byTrim = new Map<string, number[]>();
  points.forEach((p, i) => {
    if (p.group) byTrim.set(p.group, [...(byTrim.get(p.group) ?? []), start[i] as number]);
  });
  groups = new Map(
    [...byTrim].map(([group, r]) => [group, (median(r) * r.length) / (r.length + TRIM_SHRINK)]),
  );
  const weights = bisquare(points.map((p) => p.y - predict(p)));
  for (let round = 0; round < ROUNDS; round++) {
    // Intercept and slopes on the prices less the trims' effects, the priors as extra equations.
    const a = [
      [0, 0, 0],
      [0, PRIOR_WEIGHT, 0],
      [0, 0, PRIOR_WEIGHT],
    ];
    const b = [0, PRIOR_WEIGHT * PRIOR_PER_YEAR, PRIOR_WEIGHT * PRIOR_PER_TEN_THOUSAND_MILES];
    points.forEach((p, i) => {
      const w = (weights[i] as number) * (leverage[i] as number);
      const x = [1, p.year, p.miles];
      const y = p.y - effect(p);
      for (let r = 0; r < 3; r++) {
        b[r]! += w * x[r]! * y;
        for (let c = 0; c < 3; c++) a[r]![c]! += w * x[r]! * x[c]!;
      }
    });
    beta = solve3(a, b) ?? beta;
    // The intercept's variance in units of the spread: what the target's own place (at the edge
    // of the cars seen, or among them) leaves unsure of its estimate.
    interceptVariance = solve3(a, [1, 0, 0])?.[0] ?? 1;
    // Each trim's effect: its cars' weighted mean residual, shrunk toward none.
    const trims = new Map<string, [number, number]>();
    points.forEach((p, i) => {
      if (!p.group) return;
      const w = weights[i] as number;
      const base = beta[0]! + beta[1]! * p.year + beta[2]! * p.miles;
      const [s, n] = trims.get(p.group) ?? [0, 0];
      trims.set(p.group, [s + w * (p.y - base), n + w]);
    });
    groups = new Map([...trims].map(([group, [s, n]]) => [group, s / (n + TRIM_SHRINK)]));
    const next = bisquare(points.map((p) => p.y - predict(p)));
    // Converged: no weight moved by a thousandth (the rest of the rounds would change nothing seen).
    const moved = next.reduce((most, w, i) => Math.max(most, Math.abs(w - (weights[i] as number))), 0);
    weights.splice(0, weights.length, ...next);
    if (moved < 1e-3) break;
  }
  // The spread: the residuals' weighted mean square over the degrees of freedom the fit left (3
  // coefficients and the trims' shrunk effects), so a point set aside (weight 0) widens nothing and
  // one nearly set aside little. Real prices have heavier tails than a normal's; bench:price
  // measures how often the 80 % range holds a held-back price.
  const residuals = points.map((p) => p.y - predict(p));
  const used = weights.filter((w) => w > 0).length;
  const total = weights.reduce((s, w) => s + w, 0);
  const trimsFitted = [...sums(points, weights).values()].reduce((n, w) => n + w / (w + TRIM_SHRINK), 0);
  const dof = Math.max(1, total - 3 - trimsFitted);
  const spread = Math.max(
    MIN_SPREAD,
    SPREAD_FACTOR * Math.sqrt(residuals.reduce((s, e, i) => s + (weights[i] as number) * e * e, 0) / dof),
  );
  let next = 0;
  const kept = all.map((_, i) => (inBounds[i] ? (weights[next++] as number) > 0 : false));
  return {
    intercept: beta[0]!,
    perYear: beta[1]!,
    perTenThousandMiles: beta[2]!,
    groups,
    scale: spread,
    used,
    interceptVariance,
    kept,
  };
}
