"""The capacity-constrained assignment on its own (../shared/research/perf.md §4)."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.rules.supply.matching import b_matching, best_subset


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


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_best_subset_is_the_first_best_of_every_choice(data):
    """Branch and bound gives what trying every choice gives: the greatest value, and the
    first such choice in the candidates' order (itertools.combinations order)."""
    n_units = data.draw(st.integers(0, 8))
    n_cand = data.draw(st.integers(0, 7))
    fixed = data.draw(st.integers(0, 2))  # holders always open
    holders = fixed + n_cand
    options = [data.draw(st.lists(st.integers(0, holders - 1), max_size=3, unique=True)) if holders else []
               for _ in range(n_units)]
    cap = [data.draw(st.integers(0, 3)) for _ in range(holders)]
    size = data.draw(st.integers(0, n_cand))

    def value(chosen):
        live = set(range(fixed)) | {fixed + c for c in chosen}
        return sum(a >= 0 for a in b_matching([[h for h in o if h in live] for o in options], cap))

    cands = list(range(n_cand))
    want = max(combinations(cands, size), key=lambda c: value(list(c)))
    assert best_subset(cands, size, value) == list(want)


def _plain_kuhn(options, capacity):
    """The assignment the module documents, searched the plain way: every holder of every
    member tried, the seen set cleared after each success only."""
    assign, members, free = [-1] * len(options), [[] for _ in capacity], list(capacity)

    def augment(u, seen):
        for h in options[u]:
            if h in seen:
                continue
            seen.add(h)
            if free[h] > 0:
                free[h] -= 1
                members[h].append(u)
                assign[u] = h
                return True
            for v in members[h]:
                if augment(v, seen):
                    members[h].remove(v)
                    members[h].append(u)
                    assign[u] = h
                    return True
        return False

    seen = set()
    for u, opts in enumerate(options):
        if opts and augment(u, seen):
            seen = set()
    return assign


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_shortcuts_give_the_plain_search_s_assignment(data):
    """Passing over members and units whose holders are all seen, a unit taking its first
    holder's free slot without the search, with or without the caller's bitsets: no unit's
    holder changes (the supply chains shown depend on it)."""
    holders = data.draw(st.integers(1, 6))
    options = data.draw(st.lists(st.lists(st.integers(0, holders - 1), max_size=4, unique=True), max_size=14))
    cap = [data.draw(st.integers(0, 3)) for _ in range(holders)]
    want = _plain_kuhn(options, cap)
    assert b_matching(options, cap) == want
    assert b_matching(options, cap, [sum(1 << h for h in o) for o in options]) == want
