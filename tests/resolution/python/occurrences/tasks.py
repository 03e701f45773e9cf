from occurrences import futures


class Response:
    status = 200


class Task(futures._PyFuture):
    #              ^ defined: occurrences/futures.py:9
    response_class = Response

    def step(self) -> None:
        if self.done():
        #       ^ defined: occurrences/futures.py:5
            print(self._loop)
            #          ^ value: occurrences/futures.py:3
        print(Task.response_class.status)
        #                         ^ value: occurrences/tasks.py:5
