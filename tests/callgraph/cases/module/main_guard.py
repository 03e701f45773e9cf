def main():
    pass


if __name__ == "__main__":
    main()
# expect: main.py -> main.py::main
