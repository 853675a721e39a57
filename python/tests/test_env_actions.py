"""Gymnasium (issue 52): an action outside ``action_space`` raises, as
Gymnasium's own environments refuse one (CartPole asserts
``self.action_space.contains(action)``); an illegal action inside the space
keeps its documented meaning (a loss, or ``IllegalMoveError`` with
``illegal_action="raise"``)."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from xiangqi_rs import ACTION_SPACE, IllegalMoveError, Move, move_to_index  # noqa: E402
from xiangqi_rs.env import ENV_ID, InvalidActionError, XiangqiEnv  # noqa: E402

OUTSIDE = [-1, ACTION_SPACE, ACTION_SPACE + 5, np.int64(ACTION_SPACE), 2.0, 2.5, "h2e2", None, [3]]


def test_gymnasium_own_envs_raise_assertion_error():
    # The habit this follows: CartPole refuses an action outside its space.
    env = gym.make("CartPole-v1")
    env.reset(seed=0)
    with pytest.raises(AssertionError):
        env.step(5)


@pytest.mark.parametrize("action", OUTSIDE, ids=repr)
@pytest.mark.parametrize("illegal_action", ["lose", "raise"])
def test_outside_the_space_raises(action, illegal_action):
    env = gym.make(ENV_ID, illegal_action=illegal_action)
    env.reset(seed=0)
    assert not env.action_space.contains(action)
    with pytest.raises(AssertionError) as err:
        env.step(action)
    assert isinstance(err.value, ValueError) and isinstance(err.value, InvalidActionError)
    # The game is unchanged and goes on.
    board = env.unwrapped.board
    assert board.ply() == 0
    _, reward, terminated, _, _ = env.step(move_to_index(Move.from_iccs("h2e2")))
    assert (reward, terminated, board.ply()) == (0.0, False, 1)


def test_inside_the_space_keeps_its_meaning():
    blocked = move_to_index(Move.from_iccs("a0a5"))  # the soldier on a3 blocks it
    for action in [blocked, np.int64(blocked), np.int32(blocked)]:
        env = XiangqiEnv()
        env.reset()
        assert env.action_space.contains(action)
        _, reward, terminated, _, info = env.step(action)
        assert (reward, terminated, info["reason"]) == (-1.0, True, "illegal_action")
    strict = XiangqiEnv(illegal_action="raise")
    strict.reset()
    with pytest.raises(IllegalMoveError):
        strict.step(blocked)
    legal = np.int16(move_to_index(Move.from_iccs("h2e2")))
    strict.step(legal)
    assert strict.board.ply() == 1


def test_vector_env_refuses_actions_outside_its_space():
    envs = gym.make_vec(ENV_ID, num_envs=3)
    envs.reset(seed=0)
    h2e2 = move_to_index(Move.from_iccs("h2e2"))
    for bad in [[h2e2, h2e2, ACTION_SPACE], [h2e2, -1, h2e2], [h2e2, h2e2], [0.5, 1.0, 2.0]]:
        with pytest.raises(AssertionError):
            envs.step(bad)
    obs, rewards, terminated, truncated, infos = envs.step([h2e2] * 3)
    assert not terminated.any() and (rewards == 0).all()
    assert all(envs.unwrapped._batch.board(i).ply() == 1 for i in range(3))
