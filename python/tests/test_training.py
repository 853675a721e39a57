"""For training programs: observation planes, the fixed action space and its
masks, the Gymnasium environment xiangqi_rs/Xiangqi-v0 and BatchEnv."""

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

import xiangqi_rs  # noqa: E402
import xiangqi_rs.env  # noqa: E402,F401  (registers the environment)
from xiangqi_rs import (  # noqa: E402
    ACTION_SPACE,
    BatchEnv,
    Board,
    IllegalMoveError,
    Move,
    index_to_move,
    move_to_index,
)
from xiangqi_rs.env import ENV_ID, XiangqiEnv  # noqa: E402

# Perpetual cycles (as in test_verdicts.py): (FEN, moves, winner, reason).
PERPETUAL = [
    # Red's chariot checks, Black's general steps aside; the cycle closes
    # on Black's move: Black, the mover, wins.
    (
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
        "black",
        "perpetual_check",
    ),
    # The same checks from Black's move: the cycle closes on Red's
    # checking move, so the mover (Red) loses.
    (
        "3k5/9/9/9/9/9/9/9/3R5/5K3 b - - 0 1",
        "d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1",
        "black",
        "perpetual_check",
    ),
    # Red's horse chases Black's chariot: Red loses.
    (
        "5k3/9/9/9/4r4/9/N8/9/9/3K5 w - - 0 1",
        "a3c4 e5b5 c4a3 b5e5 a3c4 e5b5 c4a3 b5e5",
        "black",
        "perpetual_chase",
    ),
    # Idle chariots: a draw by repetition.
    (
        "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
        "a0a1 i9i8 a1a0 i8i9 a0a1 i9i8 a1a0 i8i9",
        None,
        "repetition",
    ),
]


def sq(name):
    """(file, rank) of a square name such as "e0"."""
    return ord(name[0]) - ord("a"), int(name[1])


def kind(move):
    (f0, r0), (f1, r1) = sq(move.from_square), sq(move.to_square)
    df, dr = abs(f1 - f0), abs(r1 - r0)
    if df == 0 or dr == 0:
        return "line"
    return {(1, 2): "horse", (2, 1): "horse", (2, 2): "elephant", (1, 1): "advisor"}[(df, dr)]


def mask_of_legal_moves(board):
    want = np.zeros(ACTION_SPACE, dtype=bool)
    for m in board.legal_moves:
        want[move_to_index(m, board.turn)] = True
    return want


# -- the action space ---------------------------------------------------------


def test_action_space_has_2086_actions_and_round_trips():
    assert ACTION_SPACE == 2086
    for turn in ("red", "black"):
        moves = [index_to_move(i, turn) for i in range(ACTION_SPACE)]
        assert len(set(moves)) == ACTION_SPACE
        for i, m in enumerate(moves):
            assert move_to_index(m, turn) == i
    counts = {}
    for i in range(ACTION_SPACE):
        k = kind(index_to_move(i))
        counts[k] = counts.get(k, 0) + 1
    # 90 squares x 17 on their rank and file; 508 horse jumps; 16 elephant
    # and 8 advisor steps on each side.
    assert counts == {"line": 1530, "horse": 508, "elephant": 32, "advisor": 16}
    # Every pair of squares any piece can ever make, and no other: the
    # diagonal steps are between elephant points or along palace diagonals.
    # (move_to_index raises ValueError for a move outside the space: each
    # of these is in it, at an index that leads back to it.)
    for text, diagonal in (("c0e2", "elephant"), ("c9e7", "elephant"), ("d7e8", "advisor")):
        m = Move.from_iccs(text)
        i = move_to_index(m)
        assert 0 <= i < ACTION_SPACE and index_to_move(i) == m and kind(m) == diagonal, text
    for text in ("a0b1", "a0c2", "e0d1", "c2e4", "a0d3", "e4f5"):
        with pytest.raises(ValueError, match="action space"):
            move_to_index(Move.from_iccs(text))


def test_indices_are_in_the_movers_frame():
    # Black's mirror image of Red's central cannon is the same action.
    assert move_to_index(Move.from_iccs("h2e2"), "red") == move_to_index(
        Move.from_iccs("b7e7"), "black"
    )
    assert index_to_move(move_to_index(Move.from_iccs("h2e2")), "black") == Move.from_iccs(
        "b7e7"
    )
    # Sorted by (from, to) squares in the mover's frame: a0b0 first.
    assert index_to_move(0) == Move.from_iccs("a0b0")
    assert index_to_move(0, "black") == Move.from_iccs("i9h9")


@pytest.mark.parametrize("bad", [-1, ACTION_SPACE, 10**30, True, 1.5, "3"])
def test_bad_indices_raise_value_error(bad):
    with pytest.raises(ValueError):
        index_to_move(bad)
    b = Board()
    with pytest.raises(ValueError):
        b.push_index(bad)
    assert b.ply() == 0


def test_bad_turn_raises_value_error():
    with pytest.raises(ValueError, match="turn"):
        index_to_move(0, "white")
    with pytest.raises(ValueError, match="turn"):
        move_to_index(Move.from_iccs("h2e2"), "w")


def test_numpy_integers_are_indices():
    i = np.int64(move_to_index(Move.from_iccs("h2e2")))
    assert index_to_move(i) == Move.from_iccs("h2e2")
    b = Board()
    assert b.push_index(i) == Move.from_iccs("h2e2")
    want = Board()
    want.push_str("h2e2")
    assert b.fen() == want.fen()


# -- planes -------------------------------------------------------------------

ROLES = "kabnrcp"


def expected_planes(board):
    want = np.zeros((14, 10, 9), dtype=np.uint8)
    black = board.turn == "black"
    for rank in range(10):
        for file in range(9):
            piece = board.piece_at(f"{'abcdefghi'[file]}{rank}")
            if piece is None:
                continue
            p = piece.symbol()
            mine = p.isupper() != black
            plane = ROLES.index(p.lower()) + (0 if mine else 7)
            row, col = (9 - rank, 8 - file) if black else (rank, file)
            want[plane, row, col] = 1
    return want


def test_planes_of_the_starting_position():
    p = Board().to_planes()
    assert p.shape == (14, 10, 9) and p.dtype == np.uint8
    assert p.sum() == 32
    assert p[0, 0, 4] == 1  # Red's general on e0
    assert p[7, 9, 4] == 1  # Black's general on e9
    assert np.argwhere(p[5]).tolist() == [[2, 1], [2, 7]]  # Red's cannons b2, h2
    assert np.argwhere(p[13]).tolist() == [[6, 0], [6, 2], [6, 4], [6, 6], [6, 8]]
    # The start is symmetric under the half turn: Black to move sees the same.
    black = Board(xiangqi_rs.STARTING_FEN.replace(" w ", " b "))
    assert (black.to_planes() == p).all()
    # Writable, and a new array each time.
    p[0, 0, 4] = 0
    assert Board().to_planes()[0, 0, 4] == 1


def test_planes_turn_the_board_for_black():
    b = Board()
    b.push_str("h2e2")  # Red's cannon to the centre; Black to move
    p = b.to_planes()
    # Red's cannons on b2 and e2 are the opponent's (plane 12), seen from
    # Black's seat: row 9 - rank, column 8 - file.
    assert sorted(map(tuple, np.argwhere(p[12]))) == [(7, 4), (7, 7)]
    assert (p == expected_planes(b)).all()


# -- masks over random games ----------------------------------------------------


def play_random_games(games, seed, repeat_bias):
    """Random games, each move often the one played 4 plies before (so
    that repetition verdicts come often); yields every board reached."""
    rng = random.Random(seed)
    reasons = {}
    for _ in range(games):
        b = Board()
        stack = []
        yield b
        while not b.is_game_over():
            moves = b.legal_moves
            m = rng.choice(moves)
            if len(stack) >= 4 and rng.random() < repeat_bias and stack[-4] in moves:
                m = stack[-4]
            b.push(m)
            stack.append(m)
            yield b
        r = b.outcome().reason
        reasons[r] = reasons.get(r, 0) + 1
    yield reasons


def test_masks_equal_the_legal_moves_over_random_games():
    turns = set()
    boards = 0
    reasons = {}
    ever = np.zeros(ACTION_SPACE, dtype=bool)
    for b in play_random_games(40, seed=1, repeat_bias=0.7):
        if isinstance(b, dict):
            reasons = b
            break
        mask = b.legal_move_mask()
        ever |= mask
        assert mask.shape == (ACTION_SPACE,) and mask.dtype == np.bool_
        assert (mask == mask_of_legal_moves(b)).all(), b.fen()
        assert mask.sum() == len(b.legal_moves)
        for i in np.flatnonzero(mask):
            assert b.is_legal(index_to_move(i, b.turn))
        assert (b.to_planes() == expected_planes(b)).all(), b.fen()
        turns.add(b.turn)
        boards += 1
    assert turns == {"red", "black"}
    assert boards > 2000
    # In the mover's frame the far side's elephant and advisor steps (24 of
    # the 2,086) are never legal.
    far = [
        i
        for i in range(ACTION_SPACE)
        if kind(index_to_move(i)) in ("elephant", "advisor")
        and sq(index_to_move(i).from_square)[1] >= 5
    ]
    assert len(far) == 24 and not ever[far].any()
    assert ever.sum() > 1500
    # The repeat bias brings the verdicts that need the history.
    assert set(reasons) & {"repetition", "perpetual_check", "perpetual_chase"}, reasons


@pytest.mark.parametrize("fen,moves,winner,reason", PERPETUAL)
def test_masks_near_repetition_verdicts(fen, moves, winner, reason):
    b = Board(fen)
    for m in moves.split():
        assert (b.legal_move_mask() == mask_of_legal_moves(b)).all()
        b.push_str(m)
    assert b.outcome().reason == reason
    # The mask is the position's legal moves even once the game is over,
    # but the game takes none of them.
    mask = b.legal_move_mask()
    assert (mask == mask_of_legal_moves(b)).all()
    with pytest.raises(IllegalMoveError, match="over"):
        b.push_index(int(np.flatnonzero(mask)[0]))
    assert b.ply() == len(moves.split())


def test_composed_study_off_the_points_has_no_mask():
    # An advisor on d1 (a composed study; Lenient) can step to e2, a move
    # outside the action space.
    b = Board("3k5/9/9/9/9/9/9/9/3A5/4K3R w - - 0 1")
    assert Move.from_iccs("d1e2") in b.legal_moves
    with pytest.raises(ValueError, match="d1"):
        b.legal_move_mask()
    assert b.to_planes()[1, 1, 3] == 1
    with pytest.raises(ValueError, match="d1"):
        BatchEnv(2, b)
    with pytest.raises(ValueError, match="d1"):
        XiangqiEnv(start=b)


# -- the Gymnasium environment ----------------------------------------------------


def test_check_env_passes():
    from gymnasium.utils.env_checker import check_env

    env = gym.make(ENV_ID)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    env.close()


def test_make_by_module_path_and_render():
    env = gym.make("xiangqi_rs.env:" + ENV_ID, render_mode="ansi")
    _, info = env.reset()
    text = env.render()
    assert text.startswith("r n b a k a b n r") and text.endswith("red to move")
    # The mask is int8, as Discrete.sample takes it.
    for _ in range(20):
        action = env.action_space.sample(mask=info["action_mask"])
        assert env.unwrapped.board.is_legal(index_to_move(action, info["turn"]))
    _, reward, terminated, _, info = env.step(action)
    assert (reward, terminated, info["turn"]) == (0.0, False, "black")
    assert env.render().endswith("black to move")


def test_a_random_game_in_the_env():
    env = gym.make(ENV_ID)
    obs, info = env.reset(seed=5)
    mask = info["action_mask"]
    assert mask.dtype == np.int8 and mask.sum() == 44
    assert (obs == Board().to_planes()).all()
    rng = np.random.default_rng(5)
    steps = 0
    while True:
        mover = info["turn"]
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        board = env.unwrapped.board
        assert (obs == board.to_planes()).all()
        assert (info["action_mask"] == board.legal_move_mask()).all()
        assert not truncated
        if terminated:
            break
        assert reward == 0.0 and info["turn"] != mover
    o = board.outcome()
    assert (info["winner"], info["reason"]) == (o.winner, o.reason)
    assert reward == (0.0 if o.winner is None else 1.0 if o.winner == mover else -1.0)
    assert steps == board.ply()
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)


@pytest.mark.parametrize("fen,moves,winner,reason", PERPETUAL)
def test_perpetual_verdicts_give_their_reward(fen, moves, winner, reason):
    env = XiangqiEnv(start=fen)
    obs, info = env.reset()
    moves = moves.split()
    for k, text in enumerate(moves):
        mover = env.board.turn
        action = move_to_index(Move.from_iccs(text), mover)
        assert info["action_mask"][action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        assert terminated == (k == len(moves) - 1)
    assert (info["winner"], info["reason"]) == (winner, reason)
    assert reward == (0.0 if winner is None else 1.0 if winner == mover else -1.0)
    # The batch gives the same reward, and starts the game anew.
    batch = BatchEnv(3, fen)
    for k, text in enumerate(moves):
        turn = "black" if batch.black_to_move()[0] else "red"
        a = move_to_index(Move.from_iccs(text), turn)
        obs, rewards, term, trunc, masks = batch.step(np.full(3, a))
    assert list(rewards) == [reward] * 3 and term.all() and not trunc.any()
    assert (obs[0] == Board(fen).to_planes()).all()
    assert batch.board(0).ply() == 0


def test_perpetual_check_loses_for_the_checker_that_moves_last():
    env = XiangqiEnv(start=PERPETUAL[1][0])
    env.reset()
    for text in PERPETUAL[1][1].split():
        _, reward, terminated, _, info = env.step(move_to_index(Move.from_iccs(text), env.board.turn))
    assert terminated and reward == -1.0 and info["turn"] == "black"
    assert info["winner"] == "black" and info["reason"] == "perpetual_check"


def test_illegal_actions():
    env = XiangqiEnv()
    env.reset()
    a0b1_like = move_to_index(Move.from_iccs("a0a5"))  # blocked by the soldier
    obs, reward, terminated, truncated, info = env.step(a0b1_like)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert (info["winner"], info["reason"]) == ("black", "illegal_action")
    assert env.board.ply() == 0
    env.reset()
    env.step(move_to_index(Move.from_iccs("h2e2")))
    # Outside the action space: refused as Gymnasium's environments refuse
    # it (issue 52), the game unchanged; inside it, an illegal move loses.
    with pytest.raises(AssertionError):
        env.step(ACTION_SPACE + 5)
    assert env.board.ply() == 1
    _, reward, terminated, _, info = env.step(a0b1_like)
    assert (reward, terminated, info["winner"]) == (-1.0, True, "red")
    # illegal_action="raise": test_env_actions.py.
    with pytest.raises(ValueError):
        XiangqiEnv(illegal_action="ignore")


def test_reset_options_and_start():
    env = XiangqiEnv()
    fen = PERPETUAL[0][0]
    obs, _ = env.reset(options={"start": fen})
    assert env.board.fen() == fen and (obs == Board(fen).to_planes()).all()
    obs, _ = env.reset()
    assert env.board.fen() == xiangqi_rs.STARTING_FEN
    over = Board(PERPETUAL[3][0])
    for m in PERPETUAL[3][1].split():
        over.push_str(m)
    with pytest.raises(ValueError, match="over"):
        env.reset(options={"start": over})
    with pytest.raises(ValueError, match="over"):
        BatchEnv(1, over)


# -- BatchEnv -------------------------------------------------------------------


def test_batch_equals_single_envs_with_the_same_actions():
    n = 24
    batch = BatchEnv(n, seed=11, random_plies=6, max_plies=150)
    obs, masks = batch.reset()
    assert obs.shape == (n, 14, 10, 9) and obs.dtype == np.uint8
    assert masks.shape == (n, ACTION_SPACE) and masks.dtype == np.bool_
    singles = []
    for i in range(n):
        env = XiangqiEnv(start=batch.board(i))
        o, info = env.reset()
        assert (o == obs[i]).all() and (info["action_mask"] == masks[i]).all()
        singles.append(env)
    rng = np.random.default_rng(0)
    seen = {"verdict": 0, "illegal": 0, "truncated": 0}
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        illegal = rng.random(n) < 0.003
        actions[illegal] = rng.integers(0, ACTION_SPACE + 10, illegal.sum())
        obs, rewards, terminated, truncated, masks = batch.step(actions)
        assert rewards.dtype == np.float32
        finished = {i: rest for i, *rest in batch.last_finished()}
        assert sorted(finished) == list(np.flatnonzero(terminated | truncated))
        for i, env in enumerate(singles):
            o, r, term, _, info = env.step(int(actions[i]))
            trunc = not term and env.board.ply() >= 150
            assert (r, term, trunc) == (rewards[i], terminated[i], truncated[i])
            if term or trunc:
                final, winner, reason = finished[i]
                assert final.fen() == env.board.fen()
                assert final.move_stack == env.board.move_stack
                assert (final.to_planes() == o).all()
                want = (None, "max_plies") if trunc else (info["winner"], info["reason"])
                assert (winner, reason) == want
                seen["truncated" if trunc else
                     "illegal" if info["reason"] == "illegal_action" else "verdict"] += 1
                # A new game: at most 6 random plies, from the start.
                b = batch.board(i)
                assert b.ply() <= 6 and not b.is_game_over()
                o, info = env.reset(options={"start": b})
            assert (o == obs[i]).all()
            assert (info["action_mask"] == masks[i]).all()
            assert batch.board(i).fen() == env.board.fen()
    assert seen["verdict"] > 0 and seen["illegal"] > 0 and seen["truncated"] > 0, seen


def test_threads_change_nothing_but_the_speed():
    kwargs = dict(seed=7, random_plies=8, max_plies=60)
    one = BatchEnv(50, **kwargs)
    three = BatchEnv(50, threads=3, **kwargs)
    obs1, masks1 = one.observe()
    obs3, masks3 = three.observe()
    rng = np.random.default_rng(1)
    for _ in range(120):
        assert (obs1 == obs3).all() and (masks1 == masks3).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks1])
        actions[rng.random(50) < 0.01] = 0  # a0b0: mostly illegal
        out1 = one.step(actions)
        out3 = three.step(actions)
        for a, b in zip(out1, out3):
            assert (a == b).all()
        obs1, masks1, obs3, masks3 = out1[0], out1[4], out3[0], out3[4]
        f1, f3 = one.last_finished(), three.last_finished()
        assert [(i, b.fen(), w, r) for i, b, w, r in f1] == [
            (i, b.fen(), w, r) for i, b, w, r in f3
        ]
    assert (one.reset(seed=2)[0] == three.reset(seed=2)[0]).all()
    for bad in (0, 257, -1):
        with pytest.raises(ValueError, match="threads"):
            BatchEnv(2, threads=bad)


def test_batch_is_reproducible_from_its_seed():
    a = BatchEnv(8, seed=3, random_plies=10)
    b = BatchEnv(8, seed=3, random_plies=10)
    c = BatchEnv(8, seed=4, random_plies=10)
    oa, _ = a.reset()
    assert (oa == b.reset()[0]).all()
    assert not (oa == c.reset()[0]).all()
    assert (a.reset(seed=9)[0] == c.reset(seed=9)[0]).all()
    assert [a.board(i).ply() for i in range(8)] == [10] * 8
    assert len(a) == 8


def test_batch_refuses_bad_arguments_and_changes_nothing():
    for bad in (0, -1, 10**30, True, "4"):
        with pytest.raises(ValueError):
            BatchEnv(bad)
    with pytest.raises(ValueError):
        BatchEnv(2, seed=-1)
    with pytest.raises(ValueError):
        BatchEnv(2, max_plies=0)
    with pytest.raises(ValueError):
        BatchEnv(2, illegal="ignore")
    with pytest.raises(xiangqi_rs.InvalidFenError):
        BatchEnv(2, "not a fen")
    batch = BatchEnv(3, illegal="raise")
    obs, masks = batch.observe()
    h2e2 = move_to_index(Move.from_iccs("h2e2"))
    a0a5 = move_to_index(Move.from_iccs("a0a5"))
    for actions in ([h2e2, h2e2], [[h2e2] * 3], np.array([1.0, 2.0, 3.0]), "abc"):
        with pytest.raises(ValueError, match="actions"):
            batch.step(actions)
    with pytest.raises(IllegalMoveError, match="game 2"):
        batch.step([h2e2, h2e2, a0a5])
    with pytest.raises(ValueError, match="game 1"):
        batch.step([h2e2, -3, h2e2])
    o2, m2 = batch.observe()
    assert (o2 == obs).all() and (m2 == masks).all()
    assert all(batch.board(i).ply() == 0 for i in range(3))
    _, rewards, terminated, _, _ = batch.step([h2e2, h2e2, h2e2])
    assert not terminated.any() and list(batch.black_to_move()) == [True] * 3
    with pytest.raises(ValueError):
        batch.board(3)
    with pytest.raises(ValueError):
        batch.board(-1)


def test_make_vec_gives_the_rust_batch():
    from xiangqi_rs.env import XiangqiVectorEnv

    envs = gym.make_vec(ENV_ID, num_envs=6, max_plies=40)
    assert isinstance(envs.unwrapped, XiangqiVectorEnv)
    twin = BatchEnv(6, max_plies=40)
    obs, infos = envs.reset(seed=1)
    tobs, tmasks = twin.reset(seed=1)
    assert obs.shape == (6, 14, 10, 9) and envs.action_space.shape == (6,)
    assert (obs == tobs).all() and (infos["action_mask"] == tmasks).all()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(45):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        tobs, trewards, tterm, ttrunc, tmasks = twin.step(actions)
        assert (obs == tobs).all() and (rewards == trewards).all()
        assert (terminated == tterm).all() and (truncated == ttrunc).all()
        assert (infos["action_mask"] == tmasks).all()
        done = terminated | truncated
        if done.any():
            ended += int(done.sum())
            assert (infos["_final_obs"] == done).all()
            for i, board, winner, reason in twin.last_finished():
                assert (infos["final_obs"][i] == board.to_planes()).all()
                assert infos["final_info"]["reason"][i] == reason
                assert infos["final_info"]["winner"][i] == winner
        else:
            assert "final_obs" not in infos
    assert ended >= 6  # every game truncated at 40 plies
    envs.close()
