from typing import Generic, Optional, TypeVar, Union

T = TypeVar("T")


class Resource:
    def close(self) -> None: ...


class ObjectStream(Resource, Generic[T]):
    def receive(self) -> T: ...


class ByteStream(Resource):
    size = 0

    def receive(self) -> bytes: ...


# a type alias of a union names a value of one of its classes (a generic class given type arguments: that class)
AnyStream = Union[ObjectStream[bytes], ByteStream]
MaybeBytes = Optional[ByteStream]


def drain(stream: AnyStream, spare: MaybeBytes) -> None:
    stream.close()
    #      ^ defined: occurrences/union_aliases.py::Resource.close
    stream.receive()
    #      ^ ambiguous: occurrences/union_aliases.py::ObjectStream.receive, occurrences/union_aliases.py::ByteStream.receive
    if spare is not None:
        print(spare.size)
        #           ^ defined: occurrences/union_aliases.py::ByteStream.size
