"""Objects that break what code usually assumes of them, shared by the tests of hostile input."""

from __future__ import annotations


class HidesItsNames(type):
    """A metaclass whose classes raise on their own names (as some proxy and mock classes do)."""

    def __getattribute__(cls, name):
        if name in ("__name__", "__qualname__", "__module__", "__mro__"):
            raise AttributeError(name)
        return type.__getattribute__(cls, name)
