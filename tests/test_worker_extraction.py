"""An isolated worker's package extraction outside its TMPDIR (the loader of torch 2.10 and 2.11
ignores TMPDIR): found from the worker's own memory map and removed with the worker."""

from __future__ import annotations

import os
import time

from aotidebug.runtime.worker.extraction import extraction_roots, loader_made, remove_extraction, reported_roots

MAPS = """\
7f1c2a000000-7f1c2a001000 r--p 00000000 08:01 1234 /tmp/HvcXWQ/tmpkt98zox2/data/aotinductor/model/c.wrapper.so
7f1c2a001000-7f1c2a002000 r-xp 00001000 08:01 1234 /tmp/HvcXWQ/tmpkt98zox2/data/aotinductor/model/c.wrapper.so
7f1c2b000000-7f1c2b001000 r--p 00000000 08:01 99 /tmp/aotidebug-worker-tmp-ab/aotinductor_x1/m/data/aotinductor/model/d.wrapper.so
7f1c2c000000-7f1c2c001000 r--p 00000000 08:01 77 /home/u/unpacked pkg/data/aotinductor/model/e.wrapper.so
7f1c2d000000-7f1c2d001000 r-xp 00000000 08:01 55 /usr/lib/libc.so.6
7ffd1000-7ffd2000 rw-p 00000000 00:00 0 [stack]
7ffd3000-7ffd4000 rw-p 00000000 00:00 0
"""


def test_the_roots_are_read_from_mapped_files_outside_the_worker_s_own_folders():
    inside = ("/tmp/aotidebug-worker-tmp-ab", "/home/u/unpacked pkg")
    assert extraction_roots(MAPS, inside) == ["/tmp/HvcXWQ/tmpkt98zox2"]
    # without the exclusions every archive root is found once, a path with a space kept whole
    assert extraction_roots(MAPS) == ["/home/u/unpacked pkg", "/tmp/HvcXWQ/tmpkt98zox2",
                                      "/tmp/aotidebug-worker-tmp-ab/aotinductor_x1/m"]
    # a folder named like an excluded one is not under it
    assert extraction_roots(MAPS, ("/tmp/HvcXW",)) == extraction_roots(MAPS)
    assert extraction_roots("") == [] and extraction_roots("garbage\n\x00 line") == []


def _extraction(base, name="tmpkt98zox2"):
    made = base / "HvcXWQ"
    (made / name / "data" / "aotinductor" / "model").mkdir(parents=True)
    (made / name / "data" / "aotinductor" / "model" / "c.wrapper.so").write_bytes(b"\x7fELF")
    return made / name


def test_only_a_folder_the_loader_made_during_the_load_is_taken(tmp_path):
    before = time.time()
    root = _extraction(tmp_path)
    assert loader_made([str(root)], before) == [str(root)]
    old = time.time() - 3600
    os.utime(root.parent, (old, old))                  # st_ctime cannot be set back: a later start
    assert loader_made([str(root)], time.time() + 60) == []
    assert loader_made([str(tmp_path / "gone" / "x")], before) == []


def test_removal_takes_the_extraction_and_its_emptied_folder_only(tmp_path):
    root = _extraction(tmp_path)
    remove_extraction(str(root))
    assert not root.exists() and not root.parent.exists()
    # a second root in the same folder keeps the folder
    a, b = _extraction(tmp_path, "a"), _extraction(tmp_path, "b")
    remove_extraction(str(a))
    assert not a.exists() and b.exists()
    # a folder that holds no extraction is never removed, nor a relative path
    plain = tmp_path / "user-files"
    (plain / "data").mkdir(parents=True)
    remove_extraction(str(plain))
    remove_extraction("HvcXWQ/b")
    assert plain.exists() and b.exists()


def test_what_a_child_reported_is_taken_only_as_strings_of_a_list():
    assert reported_roots(["/tmp/a/b", 3, None, "/tmp/c/d"]) == ["/tmp/a/b", "/tmp/c/d"]
    assert reported_roots("/tmp/a/b") == [] and reported_roots(None) == [] and reported_roots({"x": 1}) == []
