"""An unannotated parameter of an override is what the overridden method declares it (pyright infers it so):
the same name at the same position, the first ancestor that defines the method deciding."""

from occurrences.plugin_base import Plugin


class Counter(Plugin):
    def install(self, host, order=0):
        host.plugin_slots.append(order)
        #    ^ value: occurrences/plugin_host.py::Host.plugin_slots

    def remove(self, host):  # (the base's ``host`` is not annotated: nothing said)
        print(host.plugin_slots)
        #          ^ ambiguous: occurrences/plugin_host.py::Host.plugin_slots, occurrences/plugin_host.py::Stage.plugin_slots

    def swap(self, host, order):  # (``host`` is at another position than the base's)
        print(host.plugin_slots)
        #          ^ ambiguous: occurrences/plugin_host.py::Host.plugin_slots, occurrences/plugin_host.py::Stage.plugin_slots


class Deeper(Counter):
    def install(self, host, order=0):  # (Counter's install decides: its host is not annotated)
        print(host.plugin_slots)
        #          ^ ambiguous: occurrences/plugin_host.py::Host.plugin_slots, occurrences/plugin_host.py::Stage.plugin_slots


class Direct(Plugin):
    def install(self, host, order=0):
        print(host.plugin_slots)
        #          ^ value: occurrences/plugin_host.py::Host.plugin_slots
