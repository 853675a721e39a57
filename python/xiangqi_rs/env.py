"""A Gymnasium environment for xiangqi: ``xiangqi_rs/Xiangqi-v0``.

Importing this module registers it (it needs the ``gym`` extra:
``pip install "xiangqi-rs[gym]"``)::

    import gymnasium as gym
    import xiangqi_rs.env  # registers xiangqi_rs/Xiangqi-v0

    env = gym.make("xiangqi_rs/Xiangqi-v0")
    obs, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample(mask=info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

(``gym.make("xiangqi_rs.env:xiangqi_rs/Xiangqi-v0")`` imports it too.)
``gym.make_vec("xiangqi_rs/Xiangqi-v0", num_envs=256)`` gives
``XiangqiVectorEnv``: the games stepped together in Rust by ``BatchEnv``.

One agent plays both sides, one move per step (self-play), all in the
mover's frame:

- Observation: ``Board.to_planes()``, ``uint8`` of shape ``(14, 10, 9)``: the
  side to move's 7 piece planes (general, advisor, elephant, horse, chariot,
  cannon, soldier) then the opponent's, the board turned half a turn when
  Black is to move, so the mover always plays up from rows 0-2.
- Action: an index in ``range(ACTION_SPACE)`` (2086), every from-to pair any
  piece can ever make, in the mover's frame (``index_to_move(i, board.turn)``).
- ``info["action_mask"]``: ``int8`` of shape ``(ACTION_SPACE,)``, 1 for the
  legal moves (``Board.legal_move_mask()``; ``int8`` so that
  ``action_space.sample(mask=...)`` takes it).
- Reward: for the side that just moved: +1 if its move ends the game in its
  favour, -1 if the game ends in its loss, 0 otherwise (draws included).
  The library's verdict decides: checkmate, stalemate (a loss for the side
  with no move), perpetual check and chase (the offender loses), repetition
  and the 60-move limit (draws), insufficient material.
- ``terminated`` at the verdict; ``truncated`` is never set here (the game's
  own limits are verdicts; wrap with ``TimeLimit`` for a shorter one).
- An action outside ``action_space`` (not an integer, negative, or
  ``ACTION_SPACE`` or more) raises ``InvalidActionError``, as Gymnasium's own
  environments refuse one (``assert self.action_space.contains(action)``):
  it is an ``AssertionError`` and a ``ValueError``, and it is raised under
  ``python -O`` too. The game is unchanged.
- An illegal action inside the space ends the game as a loss for the mover
  (reward -1, ``info["reason"] == "illegal_action"``), or raises
  ``IllegalMoveError`` (a ``ValueError``) with ``illegal_action="raise"``.

``info`` also holds ``"turn"`` (the side to move, ``"red"`` or ``"black"``),
``"winner"`` (``"red"``, ``"black"`` or ``None``) and ``"reason"`` (the
verdict's reason such as ``"perpetual_check"``, ``"illegal_action"``, or
``None`` while the game goes on). ``env.unwrapped.board`` is the ``Board``.
"""

from typing import Any, Dict, List, Literal, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._core import ACTION_SPACE, BatchEnv, Board

__all__ = ["ENV_ID", "InvalidActionError", "XiangqiEnv", "XiangqiVectorEnv"]

ENV_ID = "xiangqi_rs/Xiangqi-v0"


class InvalidActionError(AssertionError, ValueError):
    """An action outside the environment's ``action_space``: what
    Gymnasium's own environments refuse with ``assert
    self.action_space.contains(action)``, raised here without ``assert``
    (so under ``python -O`` too)."""


def _check_action(space: spaces.Space, action: Any) -> None:  # type: ignore[type-arg]
    if not space.contains(action):
        raise InvalidActionError(f"{action!r} ({type(action).__name__}) is not in {space}")


class XiangqiEnv(gym.Env[npt.NDArray[np.uint8], Any]):
    """Xiangqi under the library's rules and verdicts, one move per step.

    ``XiangqiEnv(render_mode=None, start=None, illegal_action="lose")``:
    ``start`` is a FEN or a ``Board`` (its moves count for the rules) to
    start from instead of the starting position; ``reset(options={"start":
    ...})`` overrides it for one game. ``render_mode`` is ``"ansi"`` (render
    returns the board as text) or ``"human"`` (prints it).
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        render_mode: Optional[str] = None,
        start: Union[str, Board, None] = None,
        illegal_action: Literal["lose", "raise"] = "lose",
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0, 1, shape=(14, 10, 9), dtype=np.uint8)
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self._start = start
        self._illegal = illegal_action
        self.board = self._new_board(start)
        self._over = False
        self._reason: Optional[str] = None
        self._winner: Optional[str] = None

    @staticmethod
    def _new_board(start: Union[str, Board, None]) -> Board:
        if start is None:
            board = Board()
        elif isinstance(start, Board):
            board = start.copy()
        elif isinstance(start, str):
            board = Board(start)
        else:
            raise ValueError("start must be a FEN, a Board or None")
        if board.is_game_over():
            raise ValueError(f"the start position's game is already over: {board.outcome()}")
        board.legal_move_mask()  # raises ValueError for moves outside the space
        return board

    def _info(self) -> Dict[str, Any]:
        return {
            "action_mask": self.board.legal_move_mask().view(np.int8),
            "turn": self.board.turn,
            "winner": self._winner,
            "reason": self._reason,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]:
        """Starts a new game; returns ``(observation, info)``."""
        super().reset(seed=seed)
        start = self._start if options is None else options.get("start", self._start)
        self.board = self._new_board(start)
        self._over = False
        self._reason = None
        self._winner = None
        return self.board.to_planes(), self._info()

    def step(
        self, action: Any
    ) -> Tuple[npt.NDArray[np.uint8], float, bool, bool, Dict[str, Any]]:
        """Plays action ``action`` for the side to move; returns
        ``(observation, reward, terminated, truncated, info)``."""
        if self._over:
            raise gym.error.ResetNeeded("the game is over: call reset()")
        _check_action(self.action_space, action)
        mover = self.board.turn
        reward = 0.0
        try:
            self.board.push_index(action)
        except ValueError:
            if self._illegal == "raise":
                raise
            self._over = True
            self._reason = "illegal_action"
            self._winner = "black" if mover == "red" else "red"
            reward = -1.0
        else:
            outcome = self.board.outcome()
            if outcome is not None:
                self._over = True
                self._reason = outcome.reason
                self._winner = outcome.winner
                if outcome.winner is not None:
                    reward = 1.0 if outcome.winner == mover else -1.0
        if self.render_mode == "human":
            self.render()
        return self.board.to_planes(), reward, self._over, False, self._info()

    def render(self) -> Optional[str]:
        """The board as text (``"ansi"``), or printed (``"human"``)."""
        text = f"{self.board}\n{self.board.turn} to move"
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None


class XiangqiVectorEnv(VectorEnv[npt.NDArray[np.uint8], Any, npt.NDArray[Any]]):
    """``num_envs`` games of ``Xiangqi-v0`` stepped together in Rust
    (``BatchEnv``, the GIL released): what ``gym.make_vec("xiangqi_rs/Xiangqi-v0",
    num_envs=n)`` gives.

    Observations, actions, rewards and ``infos["action_mask"]`` (``int8``,
    shape ``(num_envs, ACTION_SPACE)``) are those of ``XiangqiEnv``, batched.
    Autoreset is ``SAME_STEP``: a game that ends is started anew in the same
    step, so its row of the observations is the new game's; its final
    observation is in ``infos["final_obs"]`` and its ``winner`` and
    ``reason`` in ``infos["final_info"]`` (where ``infos["_final_obs"]`` is
    true). ``random_plies``, ``max_plies`` (a truncation), ``seed`` and
    ``threads`` are ``BatchEnv``'s.
    """

    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 1,
        start: Union[str, Board, None] = None,
        random_plies: int = 0,
        max_plies: Optional[int] = None,
        illegal_action: Literal["lose", "raise"] = "lose",
        render_mode: Optional[str] = None,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
    ) -> None:
        if render_mode is not None:
            raise ValueError("XiangqiVectorEnv does not render")
        self._batch = BatchEnv(
            num_envs,
            start,
            random_plies=random_plies,
            max_plies=max_plies,
            illegal=illegal_action,
            seed=seed,
            threads=threads,
        )
        self.num_envs = num_envs
        self.render_mode = None
        self.single_observation_space = spaces.Box(0, 1, shape=(14, 10, 9), dtype=np.uint8)
        self.single_action_space = spaces.Discrete(ACTION_SPACE)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    @property
    def batch(self) -> BatchEnv:
        """The ``BatchEnv`` underneath (``board(i)``, ``black_to_move()``...)."""
        return self._batch

    def reset(
        self,
        *,
        seed: Union[int, List[int], None] = None,
        options: Optional[Dict[str, Any]] = None,
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]:
        """Starts every game anew; returns ``(observations, infos)``."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        super().reset(seed=seed)
        obs, masks = self._batch.reset(seed=seed)
        return obs, {"action_mask": masks.view(np.int8)}

    def step(
        self, actions: Any
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]:
        """One action per game; returns ``(observations, rewards,
        terminations, truncations, infos)``. Actions outside
        ``action_space`` raise ``InvalidActionError``."""
        actions = np.asarray(actions)
        if actions.dtype.kind in "iu":
            actions = actions.astype(np.int64)
        _check_action(self.action_space, actions)
        obs, rewards, terminated, truncated, masks = self._batch.step(actions)
        infos: Dict[str, Any] = {"action_mask": masks.view(np.int8)}
        finished = self._batch.last_finished()
        if finished:
            n = self.num_envs
            flags = np.zeros(n, dtype=bool)
            final_obs = np.full(n, None, dtype=object)
            winners = np.full(n, None, dtype=object)
            reasons = np.full(n, None, dtype=object)
            for i, board, winner, reason in finished:
                flags[i] = True
                final_obs[i] = board.to_planes()
                winners[i] = winner
                reasons[i] = reason
            infos["final_obs"] = final_obs
            infos["_final_obs"] = flags
            infos["final_info"] = {
                "winner": winners,
                "_winner": flags.copy(),
                "reason": reasons,
                "_reason": flags.copy(),
            }
            infos["_final_info"] = flags.copy()
        return obs, rewards, terminated, truncated, infos


if ENV_ID not in gym.registry:
    gym.register(
        id=ENV_ID,
        entry_point="xiangqi_rs.env:XiangqiEnv",
        vector_entry_point="xiangqi_rs.env:XiangqiVectorEnv",
    )
