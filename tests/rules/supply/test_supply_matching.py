"""The capacity-constrained assignment on its own (../shared/research/perf.md §4)."""

from ddaydesk.rules.supply.matching import b_matching


def test_augmenting_path_beats_greedy():
    # Unit 0 prefers holder 0 but can use 1; unit 1 can only use 0.
    assert b_matching([[0, 1], [0]], [1, 1]) == [1, 0]


def test_longer_augmenting_chain():
    # 0:[0,1] 1:[1,2] 2:[0]: unit 2 needs 0, which moves unit 0 to 1, which moves unit 1 to 2.
    assert b_matching([[0, 1], [1, 2], [0]], [1, 1, 1]) == [1, 2, 0]


def test_earliest_units_win_when_not_all_fit():
    assert b_matching([[0], [0], [0]], [2]) == [0, 0, -1]


def test_no_options_and_zero_capacity():
    assert b_matching([[], [0]], [0]) == [-1, -1]
