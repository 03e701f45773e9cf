first = lambda: 1
second = lambda: 2
second()
# expect: main.py -> main.py::<lambda2>
