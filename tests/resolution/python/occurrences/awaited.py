"""``response = await self.send()``: the local holds what the coroutine function is declared to return (a
``Response``), as ``response = self.make()`` holds what ``make`` returns."""


class Response:
    def __init__(self) -> None:
        self.status = 200


class Request:
    def __init__(self) -> None:
        self.status = 0


async def fetch() -> Request:
    return Request()


class Client:
    async def send(self) -> Response:
        return Response()

    async def run(self) -> int:
        response = await self.send()
        request = await fetch()
        return response.status + request.status
        #               ^ value: occurrences/awaited.py::Response.status
        #                                ^ value: occurrences/awaited.py::Request.status

    async def again(self, response: Response) -> int:
        response = await fetch()  # (the parameter's annotation says what the name holds: a type error here)
        return response.status
        #               ^ value: occurrences/awaited.py::Response.status


async def respond() -> Response:
    return Response()


class Session:
    async def open(self) -> None:
        self.response = await respond()

    def status(self) -> int:
        return self.response.status
        #                    ^ value: occurrences/awaited.py::Response.status
