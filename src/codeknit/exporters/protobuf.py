"""A small protobuf wire-format writer: enough for SCIP, no generated code, no dependency.

Only what SCIP's messages use: varints (``int32``, enums, ``bool``), packed
repeated ``int32`` and length-delimited fields (strings, nested messages).
A :class:`Message` accumulates one message's bytes; a nested message is
serialised first and then added as a length-delimited field, which is how the
wire format wants it.
"""

from __future__ import annotations

from collections.abc import Iterable

_VARINT, _LENGTH_DELIMITED = 0, 2


#: the varints of one byte (a column, a short line number, every field key and enum of SCIP): written as made
_ONE_BYTE = [bytes((value,)) for value in range(0x80)]


def varint(value: int) -> bytes:
    """The base-128 varint of ``value`` (negative ``int32`` values take ten bytes, as protobuf does). Those of
    one or two bytes (nearly all of a SCIP index's numbers: its positions) without the loop: on effect's index
    the loop was a fifth of the export's time."""
    if 0 <= value < 0x80:
        return _ONE_BYTE[value]
    if 0 < value < 0x4000:
        return bytes((value & 0x7F | 0x80, value >> 7))
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def key(field_number: int, wire_type: int) -> bytes:
    return varint(field_number << 3 | wire_type)


class Message:
    """The serialised fields of one message, in the order they are added."""

    __slots__ = ("buffer",)

    def __init__(self) -> None:
        self.buffer = bytearray()

    def varint_field(self, field_number: int, value: int) -> Message:
        """A varint field (``int32``, ``int64``, ``bool``, an enum); proto3 leaves out the default 0."""
        if value:
            self.buffer += key(field_number, _VARINT) + varint(value)
        return self

    def raw(self, field_number: int, value: bytes) -> Message:
        """A length-delimited field holding ``value`` as it is."""
        self.buffer += key(field_number, _LENGTH_DELIMITED) + varint(len(value)) + value
        return self

    def string(self, field_number: int, value: str) -> Message:
        """A string field; proto3 leaves out the default empty string."""
        if value:
            self.raw(field_number, value.encode("utf-8"))
        return self

    def strings(self, field_number: int, values: Iterable[str]) -> Message:
        for value in values:
            self.raw(field_number, value.encode("utf-8"))
        return self

    def packed(self, field_number: int, values: Iterable[int]) -> Message:
        """A packed repeated varint field (``repeated int32``)."""
        payload = b"".join(map(varint, values))
        if payload:
            self.raw(field_number, payload)
        return self

    def message(self, field_number: int, value: Message) -> Message:
        return self.raw(field_number, bytes(value.buffer))

    def serialize(self) -> bytes:
        return bytes(self.buffer)


def length_delimited_field(field_number: int, payload: bytes) -> bytes:
    """One length-delimited field, ready to be written: how a stream appends a repeated message."""
    return length_delimited_header(field_number, len(payload)) + payload


def length_delimited_header(field_number: int, length: int) -> bytes:
    """What goes before a length-delimited field's ``length`` bytes: a large message written in pieces after it
    is never joined into one buffer."""
    return key(field_number, _LENGTH_DELIMITED) + varint(length)
