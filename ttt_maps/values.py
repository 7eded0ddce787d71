"""Small immutable value classes without the cost of dataclasses.

Boards, geometries and the scene's primitives are made by the thousand, or
on every start-up, and a frozen dataclass is slow at both: its ``__init__``
sets each field through ``object.__setattr__``, and defining one costs a
millisecond or two at import. These bases give what the dataclasses gave,
equality, hash and repr from the fields a class names in ``__match_args__``
(in order, as a dataclass lists them), to classes that write their own
``__init__``.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError


class Value:
    """Equality, hash and repr from the fields named in ``__match_args__``.

    Immutable by convention: nothing assigns to a field after ``__init__``.
    """

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Value)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._fields()))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({args})"


class FrozenValue(Value):
    """A ``Value`` that refuses assignment, as a frozen dataclass does.

    ``__init__`` writes its fields (and anything derived from them) straight
    into ``self.__dict__``; ``functools.cached_property`` works the same way.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
