"""The user's values, checked: each is parsed as the one quantity, number or
name it is (quantities and names by the parsers the IR uses) and written
back as tacos writes it. No text a user gives is spliced into MLIR or into
pass options: a value either becomes a number or a checked name, or is
refused with an ArgumentError naming the argument and the value."""

import numbers
import operator
import re

import numpy as np

from . import _tacos
from ._tacos import TacosError


# The largest values of the passes' `unsigned` and `uint64_t` options.
UINT32_MAX = (1 << 32) - 1
UINT64_MAX = (1 << 64) - 1


class ArgumentError(TacosError, ValueError):
    """A bad argument: a TacosError, and the ValueError it always was."""


def refuse(argument, value, problem):
    raise ArgumentError(f"{argument}={value!r}: {problem}")


def _is_bool(value):
    return isinstance(value, (bool, np.bool_))


def _as_integer(value, minimum, maximum=None):
    """(the int, None), or (None, what is wrong): any integral number (an
    int, a NumPy integer: what operator.index takes), never a bool and never
    a float, even 4.0 (a float where a count or an id belongs is a
    computation gone wrong more often than not; range() refuses it too)."""
    if not _is_bool(value):
        try:
            number = operator.index(value)
        except TypeError:
            pass
        else:
            if number < minimum:
                return None, f"expected an integer >= {minimum}"
            if maximum is not None and number > maximum:
                return None, f"expected an integer <= {maximum}"
            return number, None
    floating = isinstance(value, numbers.Real) and not _is_bool(value)
    return None, (f"expected an integer >= {minimum}" +
                  (", not a float (even a whole one)" if floating else ""))


def integer(argument, value, minimum=0, maximum=None):
    """`value` as an int (_as_integer)."""
    number, problem = _as_integer(value, minimum, maximum)
    if problem:
        refuse(argument, value, problem)
    return number


def integers(argument, values, minimum=0):
    """A sequence of integers (group members, switch ports)."""
    items = None
    if not isinstance(values, (str, bytes)):
        try:
            items = list(values)
        except TypeError:
            pass
    if items is None:
        refuse(argument, values, "expected a sequence of integers")
    result = []
    for item in items:
        number, problem = _as_integer(item, minimum)
        if problem:
            refuse(argument, values, f"member {item!r}: {problem}")
        result.append(number)
    return result


def number(argument, value):
    """A real number (a float, an int, a NumPy scalar), never a bool."""
    if _is_bool(value) or not isinstance(value, numbers.Real):
        refuse(argument, value, "expected a number")
    try:
        return float(value)
    except OverflowError:
        refuse(argument, value, "too large")


# Per kind: the text parser, the converter of a number in a unit, and the
# printer, all the IR's own (lib/Network/Quantity.cpp).
_KINDS = {
    "bandwidth": (_tacos.parse_bandwidth, _tacos.to_bandwidth,
                  _tacos.format_bandwidth, "'50 GBps'"),
    "time": (_tacos.parse_time, _tacos.to_time, _tacos.format_time, "'1 us'"),
    "size": (_tacos.parse_size, _tacos.to_size, _tacos.format_size, "'8 GB'"),
}


def quantity(kind, argument, value, unit):
    """The base value (Bps, ps or B) of a string with a unit, or of a number
    in `unit` (a size's number is an integer of bytes)."""
    parse, convert, _, example = _KINDS[kind]
    if isinstance(value, str):
        try:
            return parse(value)
        except TacosError as error:
            refuse(argument, value, str(error))
    if _is_bool(value) or not isinstance(value, numbers.Real):
        refuse(argument, value, f"expected a number or a string with a "
                                f"unit ({example})")
    if kind == "size":
        value = integer(argument, value, 1)
    try:
        return convert(number(argument, value), unit)
    except TacosError as error:
        refuse(argument, value, str(error))


def quantity_text(kind, argument, value, unit):
    """The quantity as the IR printer writes it (`400 Gbps` is `50 GBps`)."""
    return _KINDS[kind][2](quantity(kind, argument, value, unit))


def name(argument, value):
    """A symbol or tier name that the IR writes bare (`@net`, `tier(pod)`)."""
    if not isinstance(value, str):
        refuse(argument, value, "expected a name (a string)")
    try:
        _tacos.check_name(value)
    except TacosError as error:
        refuse(argument, value, str(error))
    return value


# What an option value may hold besides a number: the pass-option parser
# splits at spaces and treats braces, quotes, '=' and ',' specially.
_WORD = re.compile(r"^[A-Za-z0-9_.$@+-]+$")
_OPTION_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def word(argument, value):
    """An enum name or a number for a pass option (`perf`, `f32`, `3`);
    the pass itself says whether it knows it."""
    if isinstance(value, numbers.Integral) and not _is_bool(value):
        return str(operator.index(value))
    if not isinstance(value, str) or not _WORD.match(value):
        refuse(argument, value, "expected a name of letters, digits and "
                                "_ . $ @ + - or an integer")
    return value


def option_name(key):
    """A keyword argument that becomes a pass option (element_type ->
    element-type)."""
    if not _OPTION_NAME.match(key):
        raise ArgumentError(f"{key!r} is not an option name (lowercase "
                            f"letters, digits and _)")
    return key.replace("_", "-")


def option_path(path):
    """A file for a pass to write (its report), quoted for the pass-option
    parser; refused if it holds a character the parser cannot quote."""
    if any(c in path for c in '{}"') or not path.isprintable():
        raise ArgumentError(
            f"cannot hand the path {path!r} to a pass: it holds a brace, a "
            f"double quote or a control character; set TMPDIR to a "
            f"directory without them")
    return f'"{path}"'
