"""Reading a file's text (formats/textfile.py): the size bound, and reading whole files of
every size, from a regular file or a pipe whose size is unknown."""

from __future__ import annotations

import os
import threading

import pytest

from ddaydesk.formats import textfile
from ddaydesk.formats.errors import FormatError


@pytest.fixture
def small_bound(monkeypatch):
    monkeypatch.setattr(textfile, "MAX_FILE_BYTES", 10)


@pytest.mark.parametrize("size", [0, 1, 9, 10])
def test_a_file_up_to_the_bound_is_read_whole(tmp_path, small_bound, size):
    path = tmp_path / "f.yaml"
    path.write_bytes(b"x" * size)
    raw, text = textfile.read_text(str(path))
    assert raw == b"x" * size and text == "x" * size


def test_one_byte_over_the_bound_is_refused_with_the_file_named(tmp_path, small_bound):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"x" * 11)
    with pytest.raises(FormatError) as exc:
        textfile.read_text(str(path))
    assert str(path) in str(exc.value) and "larger than" in str(exc.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("size, refused", [(10, False), (11, True)])
def test_a_pipe_of_unknown_size_is_bounded_too(tmp_path, small_bound, size, refused):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write():
        with open(fifo, "wb") as fh:
            fh.write(b"y" * size)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        if refused:
            with pytest.raises(FormatError, match="larger than"):
                textfile.read_text(str(fifo))
        else:
            assert textfile.read_text(str(fifo))[1] == "y" * size
    finally:
        writer.join()


def test_a_file_that_grows_while_it_is_read_is_read_to_its_end(tmp_path, monkeypatch):
    path = tmp_path / "growing.yaml"
    path.write_bytes(b"a" * 4)
    real_fstat = os.fstat

    def fstat_then_grow(fd):  # the size seen, then more written before the read
        st = real_fstat(fd)
        with open(path, "ab") as fh:
            fh.write(b"b" * 6)
        return st

    monkeypatch.setattr(textfile.os, "fstat", fstat_then_grow)
    assert textfile.read_text(str(path))[1] == "aaaabbbbbb"
