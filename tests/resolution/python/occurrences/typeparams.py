"""Type parameters (PEP 695) are locals: declared in the brackets, used in the annotations after."""


class Box[T]:
#         ^ declares: type_parameter
    def __init__(self, item: T) -> None:
    #                        ^ local: 4
        self.item = item

    def get(self) -> T:
    #                ^ local: 4
        return self.item


def first[T, *Ts](items: list[T], *rest: *Ts) -> T:
#         ^ declares: type_parameter
#             ^ declares: type_parameter
#                             ^ local: 15
#                                                ^ local: 15
    return items[0]
