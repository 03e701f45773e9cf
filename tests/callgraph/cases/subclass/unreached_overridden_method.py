class Base:
    def render(self):
        self.header()

    def header(self):
        pass


class Page(Base):
    def render(self):
        self.header()

    def header(self):
        pass
# neither render is called here; Page overrides render, so Base.render's self is never a Page:
# it calls Base.header, and Page.render calls Page.header
# expect: main.py::Base.render -> main.py::Base.header
# expect: main.py::Page.render -> main.py::Page.header
