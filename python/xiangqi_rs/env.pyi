"""Type stubs for xiangqi_rs.env (the Gymnasium environment)."""

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from . import Board

__all__ = ["ENV_ID", "XiangqiEnv"]

ENV_ID: str

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
