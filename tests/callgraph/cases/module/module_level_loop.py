def step():
    pass


for _ in range(3):
    step()
# expect: main.py -> main.py::step
