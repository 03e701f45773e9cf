(lambda: 1)()
# expect: main.py -> main.py::<lambda1>
