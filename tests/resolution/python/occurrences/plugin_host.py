class Host:
    def __init__(self) -> None:
        self.plugin_slots = []

    def attach_plugin(self, plugin) -> None:
        self.plugin_slots.append(plugin)


class Stage:
    def __init__(self) -> None:
        self.plugin_slots = ()

    def attach_plugin(self, plugin) -> None:
        pass
