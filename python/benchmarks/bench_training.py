"""Benchmark: environment steps per second for training programs, in one run:
the Gymnasium environment xiangqi_rs/Xiangqi-v0 (one board), BatchEnv (n
boards at once), the same through gym.make_vec and, if it is installed,
gym-xiangqi (pure Python).

    pip install "xiangqi-rs[gym]" gym-xiangqi   # gym-xiangqi is optional
    python python/benchmarks/bench_training.py [--seconds S] [--batch N]

Every environment plays random legal moves (self-play, both sides), and
starts a new game when one ends. The clock runs only around the step calls:
picking the random legal action from the mask is not timed. A batch step
counts as N steps.
"""

import argparse
import os
import time

import gymnasium as gym
import numpy as np

import xiangqi_rs
import xiangqi_rs.env  # noqa: F401  (registers xiangqi_rs/Xiangqi-v0)


def bench_env(seconds, env, rng):
    obs, info = env.reset(seed=0)
    steps, games, spent = 0, 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        t = time.perf_counter()
        obs, reward, terminated, truncated, info = env.step(action)
        spent += time.perf_counter() - t
        steps += 1
        if terminated or truncated:
            obs, info = env.reset()
            games += 1
    return steps, games, spent


def random_legal(masks, rng):
    """One random legal action per row of `masks`, without a Python loop."""
    counts = np.cumsum(masks, axis=1, dtype=np.int16)
    pick = (rng.random(len(masks)) * counts[:, -1]).astype(np.int16)
    return (counts <= pick[:, None]).sum(axis=1)


def timed_steps(seconds, n, rng, masks, step):
    """Steps `n` games with random legal actions for `seconds`:
    `step(actions)` returns `(terminated, truncated, masks)`. Returns the
    steps, the games finished and the seconds spent in `step`."""
    steps, games, spent = 0, 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = random_legal(masks, rng)
        t = time.perf_counter()
        terminated, truncated, masks = step(actions)
        spent += time.perf_counter() - t
        steps += n
        games += int(terminated.sum() + truncated.sum())
    return steps, games, spent


def bench_batch(seconds, n, rng, threads=1):
    batch = xiangqi_rs.BatchEnv(n, seed=0, threads=threads)
    _, masks = batch.reset()

    def step(actions):
        _, _, terminated, truncated, masks = batch.step(actions)
        return terminated, truncated, masks

    return timed_steps(seconds, n, rng, masks, step)


def bench_make_vec(seconds, n, rng):
    envs = gym.make_vec("xiangqi_rs/Xiangqi-v0", num_envs=n)
    _, infos = envs.reset(seed=0)

    def step(actions):
        _, _, terminated, truncated, infos = envs.step(actions)
        return terminated, truncated, infos["action_mask"]

    return timed_steps(seconds, n, rng, infos["action_mask"], step)


def bench_gym_xiangqi(seconds, rng):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from gym_xiangqi.constants import ALLY
    from gym_xiangqi.envs import XiangQiEnv

    env = XiangQiEnv()
    steps, games, spent = 0, 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = env.ally_actions if env.turn == ALLY else env.enemy_actions
        action = int(rng.choice(np.flatnonzero(actions)))
        t = time.perf_counter()
        _, _, done, _ = env.step(action)
        spent += time.perf_counter() - t
        steps += 1
        if done:
            env.reset()
            games += 1
    return steps, games, spent


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per environment")
    parser.add_argument("--batch", type=int, default=256, help="games in BatchEnv")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    rows = []
    env = gym.make("xiangqi_rs/Xiangqi-v0")
    rows.append(("xiangqi_rs Xiangqi-v0 (gym.make)", bench_env(args.seconds, env, rng)))
    raw = xiangqi_rs.env.XiangqiEnv()
    rows.append(("xiangqi_rs XiangqiEnv (unwrapped)", bench_env(args.seconds, raw, rng)))
    name = f"xiangqi_rs BatchEnv (n={args.batch})"
    rows.append((name, bench_batch(args.seconds, args.batch, rng)))
    name = f"xiangqi_rs BatchEnv (n={args.batch}, threads=2)"
    rows.append((name, bench_batch(args.seconds, args.batch, rng, threads=2)))
    name = f"xiangqi_rs Xiangqi-v0 (make_vec, n={args.batch})"
    rows.append((name, bench_make_vec(args.seconds, args.batch, rng)))
    try:
        rows.append(("gym-xiangqi 0.5 (pure Python)", bench_gym_xiangqi(args.seconds, rng)))
    except ImportError as e:
        print(f"gym-xiangqi: not installed ({e})")
    print(f"{'environment':40} {'steps':>9} {'games':>6} {'steps/s':>11}")
    for name, (steps, games, spent) in rows:
        print(f"{name:40} {steps:9d} {games:6d} {steps / spent:11.0f}")


if __name__ == "__main__":
    main()
