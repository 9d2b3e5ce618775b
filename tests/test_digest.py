"""What a start hashes without ``hashlib`` (ddaydesk/digest.py) gives hashlib's SHA-256 digests:
the keys of what is kept on disk and the content hashes a save records stay the same."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.digest import sha256


@given(st.binary(max_size=3000), st.binary(max_size=300))
def test_the_digest_is_hashlibs_sha256(data, more):
    ours, theirs = sha256(data), hashlib.sha256(data)
    assert ours.hexdigest() == theirs.hexdigest() and ours.digest() == theirs.digest()
    ours.update(more)
    theirs.update(more)
    assert ours.hexdigest() == theirs.hexdigest()
