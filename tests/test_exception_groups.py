"""Exception groups: a server's `asyncio.TaskGroup` (or anyio task group) and batch runners raise
an `ExceptionGroup` whose own message ("unhandled errors in a TaskGroup") names no cause, and
`diagnose()` read such a group `unknown`. It now reads the sub-exception the group stands for, from
the live object (core/text/structure.primary_exception) and from its text (core/describe.error_text
prints the sub-exceptions after the group's line, as Python does). The failures inside are real
export failures of this torch (tests/zoo.py triggers)."""

from __future__ import annotations

import asyncio
import sys
import traceback

import pytest

import aotidebug
from aotidebug.core.describe import error_text
from aotidebug.core.text.structure import MAX_GROUP_MEMBERS, group_members, primary_exception
from tests import zoo as Z

if sys.version_info >= (3, 11):
    import builtins

    ExceptionGroup = builtins.ExceptionGroup
else:  # pytest brings the backport on 3.10
    from exceptiongroup import ExceptionGroup


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    """Two real export failures of this torch, each with its own reading."""
    ctx = Z.Ctx(packages=None, tmp=tmp_path_factory.mktemp("groups"))
    out = {name: getattr(Z, name)(ctx) for name in ("export_data_dependent_branch", "export_dim_specialised")}
    for exc in out.values():
        assert aotidebug.diagnose(exc).category.value != "unknown", "the test needs failures that read"
    return out


def _in_task_group(exc: BaseException) -> BaseException:
    """`exc` raised inside a real asyncio task group (Python 3.11+), as a server would see it."""
    async def task() -> None:
        raise exc

    async def serve() -> None:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(task())
    try:
        asyncio.run(serve())
    except BaseException as group:  # noqa: BLE001
        return group
    raise AssertionError("the task group did not raise")


def _raised(group: BaseException) -> BaseException:
    try:
        raise group
    except BaseException as exc:  # noqa: BLE001
        return exc


def _same(a, b) -> bool:
    return (a.category, a.confidence) == (b.category, b.confidence)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="asyncio.TaskGroup is Python 3.11+")
def test_a_task_group_reads_as_the_failure_inside(real):
    for exc in real.values():
        group = _in_task_group(exc)
        assert group_members(group) == (exc,)
        alone = aotidebug.diagnose(exc)
        assert _same(aotidebug.diagnose(group), alone)
        assert _same(aotidebug.diagnose("".join(traceback.format_exception(group))), alone)


def test_a_group_of_several_reads_as_its_last_live_and_printed(real):
    branch, dim = real["export_data_dependent_branch"], real["export_dim_specialised"]
    assert aotidebug.diagnose(branch).category != aotidebug.diagnose(dim).category
    group = _raised(ExceptionGroup("batch of 2 requests failed", [branch, dim]))
    text = error_text(group)
    assert text.index("batch of 2 requests failed") < text.index("[sub-exception 1 of 2]") \
        < text.index("[sub-exception 2 of 2]")
    assert primary_exception(group) is dim
    printed = "".join(traceback.format_exception(type(group), group, group.__traceback__))
    for handed in (group, printed):  # Python prints the last last: both readings take it
        assert aotidebug.diagnose(handed).category == aotidebug.diagnose(dim).category
    # a group nested in a group, and a group that is the cause of the error handed over
    nested = ExceptionGroup("outer", [ExceptionGroup("inner", [branch])])
    assert primary_exception(nested) is branch
    assert _same(aotidebug.diagnose(nested), aotidebug.diagnose(branch))
    try:
        raise RuntimeError("request 17 failed") from ExceptionGroup("workers", [branch])
    except RuntimeError as wrapped:
        assert aotidebug.diagnose(wrapped).category == aotidebug.diagnose(branch).category


def test_odd_groups_never_break_the_reading():
    class Exploding(Exception):
        @property
        def exceptions(self):
            raise RuntimeError("a property that raises")

    class Loop(Exception):
        pass

    a, b = Loop("a"), Loop("b")
    a.exceptions, b.exceptions = (b,), (a,)          # two "groups" holding each other
    selfish = Loop("s")
    selfish.exceptions = (selfish,)
    many = ExceptionGroup("many", [ValueError(str(i)) for i in range(50)])
    assert group_members(Exploding()) == () and group_members(selfish) == ()
    assert group_members(Loop("no attribute")) == () and group_members("text") == ()
    assert primary_exception(a) in (a, b) and primary_exception(selfish) is selfish
    assert len(group_members(many)) == MAX_GROUP_MEMBERS
    assert error_text(many).count("[sub-exception") == MAX_GROUP_MEMBERS
    for odd in (Exploding("x"), a, selfish, many):
        d = aotidebug.diagnose(odd)
        assert d.category.value and d.to_dict()["category"] == d.category.value
