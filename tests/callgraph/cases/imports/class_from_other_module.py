# --- file: models.py
class User:
    def save(self):
        pass
# --- file: main.py
from models import User

u = User()
u.save()
# expect: main.py -> models.py::User
# expect: main.py -> models.py::User.save
