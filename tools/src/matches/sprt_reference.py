"""Reference LLRs for the pentanomial GSPRT (tools/src/matches/sprt.rs).

Provenance: the formulas of fishtest's published LLRcalc.py
(official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py, by Michel
Van den Bergh): results_to_pdf (empty cells regularised to 1e-3, scores
i/4), MLE_expected (Proposition 1.1 of "support_MLE_multinomial.pdf"),
MLE_t_value (Section 4.1 of "normalized_elo_practical.pdf": a fixed point
iteration from the uniform distribution, each step solving the secular
equation sum_i p_i a_i / (1 + x a_i) = 0), and
LLR = N * sum_i phat_i (log p1_i - log p0_i). Written independently in
plain Python (fishtest uses scipy's brentq for the secular equation; this
script bisects, so it needs nothing but the standard library).

Run: python3 tools/src/matches/sprt_reference.py
It prints one line per case; the numbers are pasted into the test
`the_llr_matches_fishtest_formulas` in tests_sprt.rs.
"""

import math

NELO_PER_T = 800 / math.log(10)


def secular(values, probs):
    """The x with sum_i p_i a_i / (1 + x a_i) = 0, -1/max(a) < x < -1/min(a)."""
    lo, hi = -1 / max(values), -1 / min(values)
    assert min(values) < 0 < max(values)

    def f(x):
        return sum(p * a / (1 + x * a) for a, p in zip(values, probs))

    for _ in range(300):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mean_var(scores, probs):
    mu = sum(a * p for a, p in zip(scores, probs))
    return mu, sum(p * (a - mu) ** 2 for a, p in zip(scores, probs))


def to_pdf(counts):
    counts = [c if c != 0 else 1e-3 for c in counts]
    n = sum(counts)
    k = len(counts)
    return n, [i / (k - 1) for i in range(k)], [c / n for c in counts]


def mle_expected(scores, phat, s):
    shifted = [a - s for a in scores]
    x = secular(shifted, phat)
    return [p / (1 + x * a) for a, p in zip(shifted, phat)]


def mle_t_value(scores, phat, ref, t):
    p = [1 / len(scores)] * len(scores)
    for _ in range(1000):
        mu, var = mean_var(scores, p)
        sigma = var ** 0.5
        phi = [a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2 for a in scores]
        x = secular(phi, phat)
        new = [q / (1 + x * f) for q, f in zip(phat, phi)]
        done = max(abs(a - b) for a, b in zip(new, p)) < 1e-14
        p = new
        if done:
            break
    mu, var = mean_var(scores, p)
    assert abs((mu - ref) / var ** 0.5 - t) < 1e-7
    return p


def llr(counts, elo0, elo1, model):
    n, scores, phat = to_pdf(counts)
    if model == "normalized":
        t0, t1 = (2 ** 0.5 * e / NELO_PER_T for e in (elo0, elo1))
        p0 = mle_t_value(scores, phat, 0.5, t0)
        p1 = mle_t_value(scores, phat, 0.5, t1)
    else:
        s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
        p0 = mle_expected(scores, phat, s0)
        p1 = mle_expected(scores, phat, s1)
    return n * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(phat, p0, p1))


CASES = [
    # (model, elo0, elo1, [n0, n1, n2, n3, n4]): pairs worth 0 .. 2 points.
    ("normalized", 0, 10, [1, 3, 10, 4, 2]),
    ("normalized", 0, 10, [0, 0, 3, 1, 0]),
    ("normalized", -10, 0, [5, 20, 50, 15, 3]),
    ("normalized", 0, 5, [30, 400, 900, 450, 25]),
    ("normalized", 0, 2, [365, 16618, 36229, 16974, 390]),
    ("logistic", 0, 10, [1, 3, 10, 4, 2]),
    ("logistic", 0, 10, [0, 0, 3, 1, 0]),
    ("logistic", -10, 0, [5, 20, 50, 15, 3]),
    ("logistic", 0.5, 2.5, [223, 9863, 21279, 10037, 246]),
    ("normalized", -1.75, 0.25, [127, 4883, 10712, 5150, 104]),
    ("normalized", 0, 5, [0, 0, 0, 0, 5550]),
    ("logistic", 0, 2, [871, 26175, 55983, 26678, 821]),
]

if __name__ == "__main__":
    for model, elo0, elo1, counts in CASES:
        print(f"{model} {elo0} {elo1} {counts} {llr(counts, elo0, elo1, model):.10f}")
