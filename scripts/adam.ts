/**
 * What the fitting scripts (train-floor.ts, train-ranker.ts) share to fit their small networks: a seeded generator, so
 * a fit is the same on every run, and Adam (Kingma and Ba, 2015) with L2 on the weights.
 */

/** A seeded generator of normally distributed numbers (mulberry32, then Box–Muller). */
export function seededNormal(seed: number): () => number {
  const uniform = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

const [BETA1, BETA2] = [0.9, 0.999];

/**
 * An Adam optimiser of `params` in place: each call takes the gradients (one array per parameter array, in its order)
 * and moves the parameters one step. `decayed` says which parameter arrays take the L2 penalty (the weights, not the
 * biases).
 */
export function adam(
  params: Float64Array[],
  { learningRate, l2, decayed }: { learningRate: number; l2: number; decayed: (p: Float64Array) => boolean },
): (grads: Float64Array[]) => void {
  const m = params.map((p) => new Float64Array(p.length));
  const v = params.map((p) => new Float64Array(p.length));
  let t = 0;
  return (grads) => {
    t++;
    params.forEach((p, k) => {
      const decay = decayed(p) ? l2 : 0;
      const [gk, mk, vk] = [grads[k]!, m[k]!, v[k]!];
      for (let i = 0; i < p.length; i++) {
        const grad = gk[i]! + decay * p[i]!;
        mk[i] = BETA1 * mk[i]! + (1 - BETA1) * grad;
        vk[i] = BETA2 * vk[i]! + (1 - BETA2) * grad * grad;
        p[i]! -= (learningRate * mk[i]!) / (1 - BETA1 ** t) / (Math.sqrt(vk[i]! / (1 - BETA2 ** t)) + 1e-8);
      }
    });
  };
}
