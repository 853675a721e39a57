"""Type stubs for xiangqi_rs.env (the Gymnasium environment)."""

from typing import Any, Dict, List, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from gymnasium.vector import VectorEnv

from . import BatchEnv, Board

__all__ = ["ENV_ID", "InvalidActionError", "XiangqiEnv", "XiangqiVectorEnv"]

ENV_ID: str

class InvalidActionError(AssertionError, ValueError): ...

class XiangqiEnv(gym.Env[npt.NDArray[np.uint8], Any]):
    metadata: Dict[str, Any]
    render_mode: Optional[str]
    board: Board
    def __init__(
        self,
        render_mode: Optional[str] = None,
        start: Union[str, Board, None] = None,
        illegal_action: str = "lose",
    ) -> None: ...
    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]: ...
    def step(
        self, action: Any
    ) -> Tuple[npt.NDArray[np.uint8], float, bool, bool, Dict[str, Any]]: ...
    def render(self) -> Optional[str]: ...

class XiangqiVectorEnv(VectorEnv[npt.NDArray[np.uint8], Any, npt.NDArray[Any]]):
    metadata: Dict[str, Any]
    render_mode: Optional[str]
    num_envs: int
    def __init__(
        self,
        num_envs: int = 1,
        start: Union[str, Board, None] = None,
        random_plies: int = 0,
        max_plies: Optional[int] = None,
        illegal_action: str = "lose",
        render_mode: Optional[str] = None,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
    ) -> None: ...
    @property
    def batch(self) -> BatchEnv: ...
    def reset(
        self,
        *,
        seed: Union[int, List[int], None] = None,
        options: Optional[Dict[str, Any]] = None,
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]: ...
    def step(
        self, actions: Any
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]: ...
