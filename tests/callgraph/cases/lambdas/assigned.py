square = lambda x: x * x
square(2)
# expect: main.py -> main.py::<lambda1>
