class Player:
    def score(self):
        return 0


players = [Player(), Player()]
best = max(players, key=lambda p: p.score())
# expect: main.py -> main.py::Player
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::Player.score
